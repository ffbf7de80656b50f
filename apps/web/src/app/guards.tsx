import { Navigate, Outlet, useLocation } from 'react-router';
import { canSeeDashboard } from '../features/shell/menu-items';
import { useAuth } from '../lib/auth-store';
import { useClaims } from '../lib/use-claims';

/** A visitor who opens a non-public route is sent to the login page (spec 01 §2). */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (!auth) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Outlet />;
}

/** `/` goes to the dashboard when the user may see it, else to the persons list. */
export function HomeRedirect() {
  const claims = useClaims();
  return <Navigate to={canSeeDashboard(claims) ? '/dashboard' : '/persons'} replace />;
}

/** The dashboard for those who may see it; others are redirected to the persons list. */
export function RequireDashboardAccess() {
  const claims = useClaims();
  return canSeeDashboard(claims) ? <Outlet /> : <Navigate to="/persons" replace />;
}
