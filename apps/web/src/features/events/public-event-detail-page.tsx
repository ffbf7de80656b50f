import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';

/** Public event page (spec 02 §2); for now only its empty state. */
export function PublicEventDetailPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading titleKey="pages.eventPublic" />
      <Typography color="text.secondary">{t('events.noEvents')}</Typography>
    </>
  );
}
