import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';

/** Public event list (spec 02 §2); for now only its empty state. */
export function PublicEventListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading titleKey="pages.eventsPublic" />
      <Typography color="text.secondary">{t('events.noEvents')}</Typography>
    </>
  );
}
