import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { api } from './api/api';
import { i18nReady } from './i18n/i18n';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { goToLogin } from './lib/login-redirect';
import { isPublicPath } from './lib/public-paths';
import { queryClient } from './lib/query-client';

// The router starts in a task of its own, right after this one: it loads the route's code at
// once, and Vite's preload of those chunks adds a <link> per chunk, which is not free; with the
// modules' evaluation it made one long task (issue 20, /persons under Lighthouse's mobile profile).
const routerReady = new Promise<ReturnType<typeof createAppRouter>>((resolve) =>
  setTimeout(() => resolve(createAppRouter()), 0),
);

// A failed token refresh ends the session (spec 01 §4): the tokens are cleared by the client;
// here the cached data goes and a signed-in page gives way to the login page.
api.setSessionEndedHandler(() => {
  queryClient.clear();
  void routerReady.then((router) => {
    const { pathname, search, hash } = router.state.location;
    if (!isPublicPath(pathname)) goToLogin(`${pathname}${search}${hash}`, { replace: true });
  });
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The first locale's texts come first, so no screen shows untranslated keys. The first render is
// a transition: React renders it in slices of a few milliseconds, not as one long task that
// holds the page (issue 20, /persons under Lighthouse's mobile profile).
void Promise.all([i18nReady, routerReady]).then(([, router]) => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
