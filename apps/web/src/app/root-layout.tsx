import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LanguageFromPerson } from './language-from-person';

/** A thin progress bar at the top while a page (or its code) loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      aria-label={t('app.loading')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
    />
  );
}

/** Wraps every route: page-load progress, scroll restoration and the person's language. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <PageLoading /> : null}
      <LanguageFromPerson />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
