import { EventRegistrationType, RegistrationAvailability } from '@bpw/domain/enums/event';
import LoginIcon from '@mui/icons-material/Login';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCreateRegistration } from './api/create-registration';
import { usePublicCustomFields } from './api/get-public-custom-fields';
import { useRegistrantProfile } from './api/get-registrant-profile';
import { BackToEventButton } from './back-to-event-button';
import { EventDetailsToggle } from './event-details-toggle';
import { RegistrationForm } from './registration-form';
import { RegistrationPageLayout } from './registration-page-layout';
import { ApiError } from '../../../api/api-error';
import { useAuth } from '../../../lib/auth-store';
import { goToLogin } from '../../../lib/login-redirect';
import { usePublicEvent } from '../shared/api/get-public-event';
import { publicEventPath, type PublicEventDetail } from '../shared/public-event';
import { useAvailabilityText } from '../shared/registration-icons';
import { useDocumentTitle } from '../shared/use-document-title';

/** The visitor's way in: the form, or first the choice between signing in and registering as a guest. */
function RegistrationStep({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const auth = useAuth();
  const [isGuest, setIsGuest] = useState(false);
  const isFormShown = Boolean(auth) || isGuest;
  const fields = usePublicCustomFields(event.id, isFormShown);
  const { profile, member, isSettled } = useRegistrantProfile(auth?.personId ?? null);
  const createRegistration = useCreateRegistration(event.id);

  if (!isFormShown) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('eventRegistrationPages.register.choiceTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('eventRegistrationPages.register.choiceText')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="contained"
            startIcon={<LoginIcon />}
            onClick={() => goToLogin(location.pathname, { replace: false })}
          >
            {t('eventRegistrationPages.register.yesLogIn')}
          </Button>
          <Button variant="outlined" startIcon={<PersonOutlineOutlinedIcon />} onClick={() => setIsGuest(true)}>
            {t('eventRegistrationPages.register.noGuest')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (fields.isPending || !isSettled) return <LinearProgress aria-label={t('app.loading')} />;
  if (fields.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <RegistrationForm
        fields={fields.data.items}
        member={auth ? (member ?? { personId: auth.personId, name: '', avatarId: null }) : null}
        profile={profile}
        onSubmit={async (body) => {
          const created = await createRegistration.mutateAsync(body);
          // Issue 19: a full event's waiting list took her; she hears her place.
          const place = created?.waitingListPlace ?? null;
          enqueueSnackbar(
            place === null
              ? t('eventRegistrationPages.register.success')
              : t('eventRegistrationPages.register.waiting', { place }),
            { variant: 'success' },
          );
          await navigate(publicEventPath(event.id), { replace: true });
        }}
      />
    </Paper>
  );
}

/** What replaces the form: the external registration, or why registering is not possible now. */
function RegistrationContent({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation();
  const availabilityText = useAvailabilityText();
  const { registration, external } = event.registrationStatus;
  if (event.registrationType === EventRegistrationType.ExternalRegistration && event.externalRegistrationUrl) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info">{t('eventRegistrationPages.register.externalHint')}</Alert>
        <Button
          variant="contained"
          href={event.externalRegistrationUrl}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<OpenInNewIcon />}
          disabled={external.mode !== RegistrationAvailability.Available}
        >
          {t('eventRegistrationPages.register.openExternal')}
        </Button>
        {external.mode !== RegistrationAvailability.Available ? (
          <Typography>{availabilityText(external)}</Typography>
        ) : null}
      </Stack>
    );
  }
  if (registration.mode !== RegistrationAvailability.Available) {
    return <Alert severity="info">{availabilityText(registration)}</Alert>;
  }
  return <RegistrationStep event={event} />;
}

/** /events-public/{id}/register (spec 02 §2 "Registration page"). */
export function EventRegisterPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: event, isPending, error } = usePublicEvent(id);
  const title = t('eventRegistrationPages.register.title');
  useDocumentTitle(event ? `${title}: ${event.title}` : title);
  const isMissing = error instanceof ApiError && error.status < 500;
  return (
    <RegistrationPageLayout title={title} event={event ?? null} actions={<BackToEventButton eventId={id} />}>
      {isPending ? <LinearProgress aria-label={t('app.loading')} /> : null}
      {error ? (
        <Alert severity={isMissing ? 'info' : 'error'}>
          {isMissing ? t('eventRegistrationPages.eventNotFound') : t('common.loadError')}
        </Alert>
      ) : null}
      {event ? (
        <Stack spacing={2}>
          <EventDetailsToggle event={event} />
          <RegistrationContent event={event} />
        </Stack>
      ) : null}
    </RegistrationPageLayout>
  );
}
