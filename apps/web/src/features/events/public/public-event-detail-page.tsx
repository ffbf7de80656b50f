import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { useAuth } from '../../../lib/auth-store';
import { usePublicEvent } from '../shared/api/get-public-event';
import { PublicEventView } from '../shared/public-event-view';
import { useDocumentTitle } from '../shared/use-document-title';

/** Back to where the visitor came from inside the app, else to the public list. */
export function BackButton({ to = '/events-public', label }: { to?: string; label?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // React Router's first entry has the key "default": there is no page of ours to go back to.
  const canGoBack = location.key !== 'default';
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void (canGoBack ? navigate(-1) : navigate(to))}>
      {label ?? t('eventsPublic.back')}
    </Button>
  );
}

/** /events-public/{id}: the public event page (spec 02 §2 "Public event detail"). */
export function PublicEventDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const isSignedIn = Boolean(useAuth());
  const { data: event, isPending, error } = usePublicEvent(id);
  useDocumentTitle(event?.title ?? t('pages.eventPublic'));
  const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <BackButton />
      </Box>
      {isPending ? <LinearProgress aria-label={t('app.loading')} /> : null}
      {error ? (
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('pages.eventPublic')}
        </Typography>
      ) : null}
      {error ? (
        <Alert severity={isMissing ? 'info' : 'error'}>
          {isMissing ? t('eventsPublic.notFound') : t('common.loadError')}
        </Alert>
      ) : null}
      {event ? <PublicEventView event={event} isSignedIn={isSignedIn} /> : null}
    </>
  );
}
