import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { publicEventPath } from '../shared/public-event';

/** "Back to the event": always present on the registration pages (spec 02 §2). */
export function BackToEventButton({ eventId, variant = 'text' }: { eventId: string; variant?: 'text' | 'outlined' }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={publicEventPath(eventId)} startIcon={<ArrowBackIcon />} variant={variant}>
      {t('eventRegistrationPages.backToEvent')}
    </Button>
  );
}
