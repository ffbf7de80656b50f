import { safeReturnPath } from './public-paths';

/**
 * The login page is a page of its own (login.html, issue 8), so going there is a full page load,
 * which loses the router's state: the page to come back to travels as `?returnTo=`.
 */
export function loginUrl(returnPath?: string | null): string {
  const path = safeReturnPath(returnPath);
  return path ? `/login?returnTo=${encodeURIComponent(path)}` : '/login';
}

/** The page to open after sign-in, from the login page's query; only a path of this app. */
export function returnPathOf(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get('returnTo'));
}

/** Leaves the SPA for the login page; `replace` when the page left behind needs a sign-in. */
export function goToLogin(returnPath: string | null, { replace }: { replace: boolean }): void {
  const url = loginUrl(returnPath);
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}
