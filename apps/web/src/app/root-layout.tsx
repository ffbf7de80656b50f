import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LanguageFromPerson } from './language-from-person';

/** Wraps every route: page-load progress, scroll restoration and the person's language. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }} />
      ) : null}
      <LanguageFromPerson />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export function PageLoading() {
  return <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} />;
}
