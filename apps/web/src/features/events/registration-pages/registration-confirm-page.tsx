import { RegistrationState } from '@bpw/domain/enums/registration';
import CheckIcon from '@mui/icons-material/Check';
import EventIcon from '@mui/icons-material/Event';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useConfirmRegistration } from './api/change-public-registration';
import { usePublicRegistration } from './api/get-public-registration';
import { RegistrationPageLayout } from './registration-page-layout';
import { RegistrationStatusBox } from './registration-status-box';
import { RegistrationTicket } from './registration-ticket';
import { ApiError } from '../../../api/api-error';
import { publicEventPath } from '../shared/public-event';
import { useDocumentTitle } from '../shared/use-document-title';

/**
 * /event-registration-public/{key}/confirm (spec 02 §2 "Confirmation page"): the event and a
 * status box; the confirm button only while Pending. Confirming is a PUT from this button, never
 * the opening of the link (DESIGN: mail scanners must not confirm anything).
 */
export function RegistrationConfirmPage() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const { data: registration, isPending, error } = usePublicRegistration(key);
  const confirm = useConfirmRegistration(key);
  const title = t('eventRegistrationPages.confirm.title');
  useDocumentTitle(title);

  const onConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(t('eventRegistrationPages.confirm.success'), { variant: 'success' }),
      // Spec 02 §8: the messages joined by ', ', else the generic update error.
      onError: (failure) =>
        enqueueSnackbar(
          failure instanceof ApiError && failure.errors.length ? failure.errors.join(', ') : t('common.updateError'),
          { variant: 'error' },
        ),
    });

  const isPendingState = registration?.eventRegistrationState === RegistrationState.Pending;
  return (
    <RegistrationPageLayout title={title} event={registration?.event ?? null}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {isPending || confirm.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {error ? <RegistrationLinkError error={error} /> : null}
        {registration && !confirm.isPending ? <RegistrationStatusBox registration={registration} /> : null}
        {registration?.eventRegistrationState === RegistrationState.Confirmed && !confirm.isPending ? (
          <RegistrationTicket keyOrId={key} />
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {registration && isPendingState && registration.canConfirm ? (
            <Button variant="contained" startIcon={<CheckIcon />} onClick={onConfirm} disabled={confirm.isPending}>
              {t('eventRegistrationPages.confirm.confirm')}
            </Button>
          ) : null}
          {registration ? (
            <Button
              component={RouterLink}
              to={publicEventPath(registration.event.id)}
              variant="outlined"
              startIcon={<EventIcon />}
            >
              {t('eventRegistrationPages.showEvent')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </RegistrationPageLayout>
  );
}

/** An unknown or foreign link, or a failed load. */
export function RegistrationLinkError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const isUnknown = error instanceof ApiError && error.status < 500;
  return (
    <Box>
      <Alert severity={isUnknown ? 'warning' : 'error'}>
        {isUnknown ? t('eventRegistrationPages.linkInvalid') : t('common.loadError')}
      </Alert>
    </Box>
  );
}
