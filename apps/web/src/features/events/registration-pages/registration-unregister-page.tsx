import { RegistrationState } from '@bpw/domain/enums/registration';
import EventIcon from '@mui/icons-material/Event';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useUnregister } from './api/change-public-registration';
import { usePublicRegistration } from './api/get-public-registration';
import { RegistrationLinkError } from './registration-confirm-page';
import { RegistrationPageLayout } from './registration-page-layout';
import { RegistrationStatusBox } from './registration-status-box';
import { errorMessages } from '../../../api/api-error';
import { ErrorList } from '../../../components/error-list';
import { formatDateTime } from '../shared/format-event-date';
import { publicEventPath } from '../shared/public-event';
import { useDocumentTitle } from '../shared/use-document-title';

const REMARKS_MAX = 2000;

/**
 * /event-registration-public/{key}/unregister (spec 02 §2 "Unregistration page"): the event and
 * a form with optional remarks; on success back to the public event page. `key` is the mailed
 * link key, or the registration id for its signed-in owner.
 */
export function RegistrationUnregisterPage() {
  const { t, i18n } = useTranslation();
  const { key = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { data: registration, isPending, error } = usePublicRegistration(key);
  const unregister = useUnregister(key);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [openedAt] = useState(() => Date.now());
  const title = t('eventRegistrationPages.unregister.title');
  useDocumentTitle(title);

  const submit = async () => {
    if (!registration) return;
    setErrors([]);
    try {
      await unregister.mutateAsync({ unregistrationRemarks: remarks.trim() || null });
      enqueueSnackbar(t('eventRegistrationPages.unregister.success'), { variant: 'success' });
      await navigate(publicEventPath(registration.event.id), { replace: true });
    } catch (failure) {
      setErrors(errorMessages(failure, t('common.saveError')));
    }
  };

  const isUnregistered = registration?.eventRegistrationState === RegistrationState.Unregistered;
  const deadline = registration?.event.unregistrationTo ?? null;
  const isDeadlinePassed = deadline !== null && Date.parse(deadline) < openedAt;

  return (
    <RegistrationPageLayout title={title} event={registration?.event ?? null}>
      <Stack spacing={2}>
        {isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {error ? <RegistrationLinkError error={error} /> : null}
        {registration && isUnregistered ? <RegistrationStatusBox registration={registration} /> : null}
        {registration && !isUnregistered && !registration.canUnregister ? (
          <Alert severity="info">
            {isDeadlinePassed
              ? t('eventRegistrationPages.unregister.deadlinePassed', { date: formatDateTime(deadline, i18n.language) })
              : t('eventRegistrationPages.unregister.notPossible')}
          </Alert>
        ) : null}
        {registration && !isUnregistered && registration.canUnregister ? (
          <Paper
            variant="outlined"
            component="form"
            noValidate
            sx={{ p: 2 }}
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack spacing={2}>
              <ErrorList errors={errors} />
              <Typography>
                {t('eventRegistrationPages.unregister.text', {
                  name: [registration.firstname, registration.lastname].filter(Boolean).join(' '),
                })}
              </Typography>
              <TextField
                label={t('eventRegistrationPages.unregister.remarks')}
                name="unregistrationRemarks"
                value={remarks}
                onChange={(event) => setRemarks(event.target.value)}
                multiline
                minRows={3}
                fullWidth
                error={remarks.length > REMARKS_MAX}
                slotProps={{ htmlInput: { maxLength: REMARKS_MAX } }}
              />
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  color="error"
                  startIcon={<PersonRemoveIcon />}
                  disabled={unregister.isPending}
                >
                  {t('eventRegistrationPages.unregister.submit')}
                </Button>
              </Box>
            </Stack>
          </Paper>
        ) : null}
        {registration ? (
          <Box>
            <Button
              component={RouterLink}
              to={publicEventPath(registration.event.id)}
              variant="outlined"
              startIcon={<EventIcon />}
            >
              {t('eventRegistrationPages.backToEvent')}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </RegistrationPageLayout>
  );
}
