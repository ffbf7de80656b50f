import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SetPasswordForm } from './set-password-form';
import { LanguageSwitcher } from '../../components/language-switcher';
import { usePageTitle } from '../../lib/use-page-title';

/** /reset-password?token=…: sets a new password with the mailed single-use link (DESIGN). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const title = usePageTitle('pages.resetPassword');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [isDone, setIsDone] = useState(false);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: 3, gap: 3 }}
    >
      <Box sx={{ alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end' }}>
        <LanguageSwitcher />
      </Box>
      <Card component="section" aria-labelledby="reset-password-title" sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Typography id="reset-password-title" variant="h5" component="h1">
              {title}
            </Typography>
            {isDone ? <Alert severity="success">{t('auth.passwordSet')}</Alert> : null}
            {!token && !isDone ? <Alert severity="warning">{t('auth.missingToken')}</Alert> : null}
            {token && !isDone ? <SetPasswordForm token={token} onDone={() => setIsDone(true)} /> : null}
            {isDone || !token ? (
              // The login page is a page of its own (login.html, issue 8): a full page load.
              <Button href="/login" variant="contained">
                {t('auth.toLogin')}
              </Button>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
