import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { api } from './api/api';
import { i18nReady } from './i18n/i18n';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { goToLogin } from './lib/login-redirect';
import { isPublicPath } from './lib/public-paths';
import { queryClient } from './lib/query-client';

const router = createAppRouter();

// A failed token refresh ends the session (spec 01 §4): the tokens are cleared by the client;
// here the cached data goes and a signed-in page gives way to the login page.
api.setSessionEndedHandler(() => {
  queryClient.clear();
  const { pathname, search, hash } = router.state.location;
  if (!isPublicPath(pathname)) goToLogin(`${pathname}${search}${hash}`, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The first locale's texts come first, so no screen shows untranslated keys.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
