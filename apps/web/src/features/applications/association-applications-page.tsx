import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApplicationsPanel } from './applications-panel';
import { usePageTitle } from '../../lib/use-page-title';

/** /applications: the association's form ("no club yet") and its applications, for admins. */
export function AssociationApplicationsPage() {
  const { t } = useTranslation();
  usePageTitle('applications.associationPage.title');
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('applications.associationPage.title')}
      </Typography>
      <ApplicationsPanel clubId={null} />
    </>
  );
}
