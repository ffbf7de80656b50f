import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canSeeDashboard } from '@bpw/domain/permissions';
import { useAuth } from '../lib/auth-store';
import { wasEndedByUser } from '../lib/ended-by-user';
import { goToLogin } from '../lib/login-redirect';
import { useActor } from '../lib/use-claims';

/** A visitor who opens a non-public route is sent to the login page (spec 01 §2). */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  const isSignedOut = !auth;
  useEffect(() => {
    if (isSignedOut) goToLogin(wasEndedByUser() ? null : from, { replace: true });
  }, [isSignedOut, from]);
  return auth ? <Outlet /> : null;
}

/**
 * /login reached inside the SPA (an old link followed on the client): the login page is a page
 * of its own (login.html, issue 8), which the server sends for /login.
 */
export function ToLoginPage() {
  const { search } = useLocation();
  useEffect(() => window.location.replace(`/login${search}`), [search]);
  return null;
}

/** `/` goes to the dashboard when the user may see it, else to the persons list. */
export function HomeRedirect() {
  const actor = useActor();
  return <Navigate to={canSeeDashboard(actor) ? '/dashboard' : '/persons'} replace />;
}

/** The dashboard for those who may see it; others are redirected to the persons list. */
export function RequireDashboardAccess() {
  const actor = useActor();
  return canSeeDashboard(actor) ? <Outlet /> : <Navigate to="/persons" replace />;
}
