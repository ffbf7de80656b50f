import ArrowBack from '@mui/icons-material/ArrowBack';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudDone from '@mui/icons-material/CloudDone';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AttendeeSearch } from './attendee-search';
import { CodeEntry } from './code-entry';
import { DoorResultPanel, useCheckInTime } from './door-result';
import { QrScanner } from './qr-scanner';
import { lastDoorEvent, registerDoorWorker, rememberDoorEvent } from './door-worker';
import { type DoorNotice, useDoor } from './use-door';

/**
 * /check-in/{eventId} (issue 19): the door page for the event's managers, made for a phone. Scan
 * a ticket with the camera, type its code or search a name; each answer shows at once. Works
 * without network once opened (service worker, list and queue in IndexedDB).
 */
export function CheckInPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const time = useCheckInTime();
  const onNotice = useCallback(
    (notice: DoorNotice) =>
      enqueueSnackbar(
        t('eventCheckIn.notice', { name: notice.name, time: time(notice.checkedInAt), by: notice.by ?? '—' }),
        { variant: 'warning' },
      ),
    [enqueueSnackbar, t, time],
  );
  const door = useDoor(id, onNotice);
  const heading = t('eventCheckIn.title');
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${door.title ? `${heading}: ${door.title}` : heading} – ${appTitle}`;
  }, [door.title, heading, appTitle]);
  useEffect(() => {
    registerDoorWorker();
    rememberDoorEvent(id);
  }, [id]);

  const confirmed = door.attendees.filter((a) => a.eventRegistrationState === RegistrationState.Confirmed);
  const checkedIn = confirmed.filter((a) => a.checkedInAt).length;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="primary" enableColorOnDark>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            component={RouterLink}
            to={`/events/${id}`}
            edge="start"
            color="inherit"
            aria-label={t('eventCheckIn.back')}
          >
            <ArrowBack />
          </IconButton>
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {door.title ? `${heading}: ${door.title}` : heading}
          </Typography>
          <Chip
            icon={door.isOnline ? <CloudDone /> : <CloudOff />}
            label={door.isOnline ? t('eventCheckIn.online') : t('eventCheckIn.offline')}
            color={door.isOnline ? 'success' : 'default'}
            size="small"
            data-testid="door-network"
          />
        </Toolbar>
      </AppBar>
      <Container component="main" id="main-content" maxWidth="sm" sx={{ py: 2 }}>
        {door.loadState === 'loading' ? <LinearProgress aria-label={t('app.loading')} /> : null}
        {door.loadState === 'refused' ? <Alert severity="error">{t('eventCheckIn.refused')}</Alert> : null}
        {door.loadState === 'failed' ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
        {door.loadState === 'offlineWithoutList' ? (
          <Alert severity="warning">{t('eventCheckIn.offlineWithoutList')}</Alert>
        ) : null}
        {door.loadState === 'ready' ? (
          <Stack spacing={2}>
            <DoorResultPanel result={door.result?.result ?? null} />
            <QrScanner onCode={(code) => void door.scan(code)} />
            <CodeEntry onCode={(code) => void door.scan(code)} />
            <Typography data-testid="door-count">
              {t('eventCheckIn.count', { count: checkedIn, total: confirmed.length })}
              {door.queued > 0 ? ` · ${t('eventCheckIn.queued', { count: door.queued })}` : ''}
            </Typography>
            <AttendeeSearch attendees={door.attendees} onCheckIn={(a) => void door.checkIn(a)} />
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}

/** /check-in: the installed app's start page opens the event last checked in at, else the event list. */
export function CheckInStartPage() {
  useEffect(() => {
    const last = lastDoorEvent();
    window.location.replace(last ? `/check-in/${last}` : '/events');
  }, []);
  return null;
}
