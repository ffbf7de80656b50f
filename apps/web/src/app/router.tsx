import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeRedirect, RequireAuth, RequireDashboardAccess, ToLoginPage } from './guards';
import { PageLoading, RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/** Loads a page's code only when its route is first visited. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const signedInPages: RouteObject[] = [
  {
    path: 'dashboard',
    element: <RequireDashboardAccess />,
    children: [
      {
        index: true,
        lazy: page(
          () => import('../features/dashboard/dashboard-page'),
          (m) => m.DashboardPage,
        ),
      },
    ],
  },
  {
    path: 'persons',
    // The list's first page is requested beside the page's code and texts (issue 8).
    loader: () => import('../features/persons/prefetch-person-list').then((module) => module.loadPersonList()),
    lazy: page(
      () => import('../features/persons/person-list-page'),
      (m) => m.PersonListPage,
    ),
  },
  {
    path: 'persons/:id',
    lazy: page(
      () => import('../features/persons/person-detail-page'),
      (m) => m.PersonDetailPage,
    ),
  },
  {
    path: 'clubs',
    lazy: page(
      () => import('../features/clubs/club-list-page'),
      (m) => m.ClubListPage,
    ),
  },
  {
    path: 'clubs/:id',
    lazy: page(
      () => import('./club-detail-route'),
      (m) => m.ClubDetailRoute,
    ),
  },
  {
    path: 'duplicates',
    lazy: page(
      () => import('../features/duplicates/duplicate-list-page'),
      (m) => m.DuplicateListPage,
    ),
  },
  {
    path: 'imports',
    lazy: page(
      () => import('../features/imports/import-upload-page'),
      (m) => m.ImportUploadPage,
    ),
  },
  {
    path: 'imports/:id',
    lazy: page(
      () => import('../features/imports/import-page'),
      (m) => m.ImportPage,
    ),
  },
  {
    path: 'export',
    lazy: page(
      () => import('../features/export/export-page'),
      (m) => m.ExportPage,
    ),
  },
  {
    path: 'events',
    lazy: page(
      () => import('../features/events/staff/event-list-page'),
      (m) => m.EventListPage,
    ),
  },
  {
    path: 'events/:id',
    // The event page with the actions of other features (issue 17: invoice the registrations).
    lazy: page(
      () => import('./event-detail-route'),
      (m) => m.EventDetailRoute,
    ),
  },
  {
    path: 'event-categories',
    lazy: page(
      () => import('../features/event-categories/event-category-list-page'),
      (m) => m.EventCategoryListPage,
    ),
  },
  {
    // Issue 26: the association's API tokens, for admins.
    path: 'api-tokens',
    lazy: page(
      () => import('../features/api-tokens/association-api-tokens-page'),
      (m) => m.AssociationApiTokensPage,
    ),
  },
  {
    // Issue 26: the association's webhook subscriptions, for admins.
    path: 'webhooks',
    lazy: page(
      () => import('../features/webhooks/association-webhooks-page'),
      (m) => m.AssociationWebhooksPage,
    ),
  },
  {
    // Issue 26: the applications whose users sign in here (OpenID Connect), for admins.
    path: 'oidc-clients',
    lazy: page(
      () => import('../features/oidc/oidc-clients-page'),
      (m) => m.OidcClientsPage,
    ),
  },
  {
    // Issue 25: the signed-in person's own page (self-service and privacy); issue 17: her invoices.
    path: 'me',
    lazy: page(
      () => import('./my-page-route'),
      (m) => m.MyPageRoute,
    ),
  },
  {
    // Issue 17: a club's invoicing (finance responsible, database managers, admins).
    path: 'clubs/:id/finance',
    lazy: page(
      () => import('../features/invoices/club-finance-page'),
      (m) => m.ClubFinancePage,
    ),
  },
  {
    // Issue 17: one invoice (its club's finance people, or the member's own).
    path: 'invoices/:id',
    lazy: page(
      () => import('../features/invoices/invoice-page'),
      (m) => m.InvoicePage,
    ),
  },
  {
    // Issue 17: the clubs she invoices; for admins the association's settings, national fee, all-clubs runs.
    path: 'invoicing',
    lazy: page(
      () => import('../features/invoices/association-invoicing-page'),
      (m) => m.AssociationInvoicingPage,
    ),
  },
  {
    // Issue 21: second factors, passkeys and sign-ins of the signed-in person.
    path: 'security',
    lazy: page(
      () => import('./security-route'),
      (m) => m.SecurityRoute,
    ),
  },
  {
    // Issue 25: erasure requests and retention (admins, docs/decisions/erasure.md).
    path: 'privacy-requests',
    lazy: page(
      () => import('../features/privacy-requests/privacy-requests-page'),
      (m) => m.PrivacyRequestsPage,
    ),
  },
  {
    // Issue 25: the association's application form and its applications (admins).
    path: 'applications',
    lazy: page(
      () => import('../features/applications/association-applications-page'),
      (m) => m.AssociationApplicationsPage,
    ),
  },
  {
    // Issue 18: mailings (archive per club, compose, progress) and the club's mailing lists.
    path: 'mailings',
    lazy: page(
      () => import('../features/mailings/mailings-page'),
      (m) => m.MailingsPage,
    ),
  },
  {
    path: 'mailings/new',
    lazy: page(
      () => import('../features/mailings/mailing-compose-page'),
      (m) => m.MailingComposePage,
    ),
  },
  {
    path: 'mailings/:id',
    lazy: page(
      () => import('../features/mailings/mailing-page'),
      (m) => m.MailingPage,
    ),
  },
  {
    // Issue 18: the mailing lists she may join or leave.
    path: 'mailing-lists',
    lazy: page(
      () => import('../features/mailings/my-mailing-lists-page'),
      (m) => m.MyMailingListsPage,
    ),
  },
  {
    path: 'event-categories/:id',
    lazy: page(
      () => import('./event-category-detail-route'),
      (m) => m.EventCategoryDetailRoute,
    ),
  },
];

/** Public pages; they sit in the app shell when signed in (spec 02 §2). */
const publicPages: RouteObject[] = [
  {
    path: 'events-public',
    lazy: page(
      () => import('../features/events/public/public-event-list-page'),
      (m) => m.PublicEventListPage,
    ),
  },
  {
    path: 'events-public/:id',
    lazy: page(
      () => import('../features/events/public/public-event-detail-page'),
      (m) => m.PublicEventDetailPage,
    ),
  },
  {
    path: 'events-public/:id/register',
    lazy: page(
      () => import('../features/events/registration-pages/event-register-page'),
      (m) => m.EventRegisterPage,
    ),
  },
  {
    path: 'event-registration-public/:key/confirm',
    lazy: page(
      () => import('../features/events/registration-pages/registration-confirm-page'),
      (m) => m.RegistrationConfirmPage,
    ),
  },
  {
    path: 'event-registration-public/:key/unregister',
    lazy: page(
      () => import('../features/events/registration-pages/registration-unregister-page'),
      (m) => m.RegistrationUnregisterPage,
    ),
  },
  // Issue 25: applying for membership (a club's form, or the association's) and confirming.
  {
    path: 'apply',
    lazy: page(
      () => import('../features/applications/application-page'),
      (m) => m.ApplicationPage,
    ),
  },
  {
    path: 'apply/confirm/:key',
    lazy: page(
      () => import('../features/applications/application-confirm-page'),
      (m) => m.ApplicationConfirmPage,
    ),
  },
  {
    path: 'apply/:clubId',
    lazy: page(
      () => import('../features/applications/application-page'),
      (m) => m.ApplicationPage,
    ),
  },
  // Issue 18: a mailing's unsubscribe link (no sign-in).
  {
    path: 'unsubscribe/:token',
    lazy: page(
      () => import('../features/mailings/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
  {
    path: '*',
    lazy: page(
      () => import('./not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: 'login', element: <ToLoginPage /> },
      {
        path: 'reset-password',
        lazy: page(
          () => import('../features/auth/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <HomeRedirect /> },
          // The door page (issue 19): full screen for a phone, outside the shell, works offline.
          {
            path: 'check-in',
            lazy: page(
              () => import('../features/event-check-in/check-in-page'),
              (m) => m.CheckInStartPage,
            ),
          },
          // Issue 26: an application asks to sign her in; outside the shell, like a sign-in page.
          {
            path: 'connect/:uid',
            lazy: page(
              () => import('../features/oidc/consent-page'),
              (m) => m.ConsentPage,
            ),
          },
          {
            path: 'check-in/:id',
            lazy: page(
              () => import('../features/event-check-in/check-in-page'),
              (m) => m.CheckInPage,
            ),
          },
          {
            lazy: page(
              () => import('../features/shell/app-shell'),
              (m) => m.AppShell,
            ),
            errorElement: <RouteErrorPage />,
            children: signedInPages,
          },
        ],
      },
      {
        lazy: page(
          () => import('../features/shell/adaptive-layout'),
          (m) => m.AdaptiveLayout,
        ),
        errorElement: <RouteErrorPage />,
        children: publicPages,
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
