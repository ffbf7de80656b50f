import { Navigate, Outlet, useLocation } from 'react-router';
import { canSeeDashboard } from '@bpw/domain/permissions';
import { useAuth } from '../lib/auth-store';
import { wasEndedByUser } from '../lib/session';
import { useActor } from '../lib/use-claims';

/** A visitor who opens a non-public route is sent to the login page (spec 01 §2). */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (!auth) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={wasEndedByUser() ? null : { from }} />;
  }
  return <Outlet />;
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
