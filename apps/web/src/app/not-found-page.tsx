import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/page-heading';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading titleKey="pages.notFound" />
      <Typography sx={{ mb: 3 }}>{t('notFound.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </>
  );
}
