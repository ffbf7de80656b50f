import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';

/** Shown when a page fails to render or load (spec 01 §8: "Something went wrong."). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const title = usePageTitle('common.errorPageTitle');
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Alert severity="error" sx={{ mb: 2 }}>
        {t('common.clientError')}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Box>
  );
}
