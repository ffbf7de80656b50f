import { AppShell } from './app-shell';
import { PublicLayout } from './public-layout';
import { useAuth } from '../../lib/auth-store';

/** Public pages (events, not found) sit in the app shell when signed in, else in the public layout. */
export function AdaptiveLayout() {
  return useAuth() ? <AppShell /> : <PublicLayout />;
}
