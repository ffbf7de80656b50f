import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginCard } from './login-card';
import { LanguageSwitcher } from '../../components/language-switcher';
import { authStore } from '../../lib/auth-store';
import { currentPersonQuery } from '../../lib/current-person';
import { safeReturnPath } from '../../lib/public-paths';
import { queryClient } from '../../lib/query-client';
import { startSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** /login: the login card and a language switcher (spec 01 §2, §4). */
export function LoginPage() {
  const { t } = useTranslation();
  const title = usePageTitle('pages.login');
  const navigate = useNavigate();
  const location = useLocation();
  const [isSignedInAtStart] = useState(() => authStore.get() !== null);
  const returnPath = safeReturnPath((location.state as { from?: unknown } | null)?.from);

  if (isSignedInAtStart) return <Navigate to="/" replace />;

  const onSignedIn = async (tokens: { token: string; refreshToken: string }) => {
    const personId = startSession(tokens);
    // Load the person first, so her language is set before the next page shows (spec 01 §7).
    await queryClient.fetchQuery(currentPersonQuery(personId)).catch(() => undefined);
    // "/" replaces itself by the dashboard or the persons list (spec 01 §2).
    await navigate(returnPath ?? '/', { replace: true });
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: 3, gap: 3 }}
    >
      <Box sx={{ alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end' }}>
        <LanguageSwitcher />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 48, height: 48 }} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {t('app.title')}
        </Typography>
      </Box>
      <LoginCard title={title} onSignedIn={onSignedIn} />
    </Box>
  );
}
