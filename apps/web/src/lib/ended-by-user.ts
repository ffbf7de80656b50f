const ENDED_BY_USER_KEY = 'bpw.endedByUser';

/**
 * Whether the user logged out herself, for this tab. Kept in sessionStorage because the login
 * page is a page load of its own (issue 8): after an explicit logout, Back or a typed address
 * leads to the plain login page, and the next sign-in starts at home.
 */
export function markEndedByUser(isEnded: boolean): void {
  try {
    if (isEnded) window.sessionStorage.setItem(ENDED_BY_USER_KEY, '1');
    else window.sessionStorage.removeItem(ENDED_BY_USER_KEY);
  } catch {
    // Without storage the next sign-in may come back to the page left behind; no harm.
  }
}

export function wasEndedByUser(): boolean {
  try {
    return window.sessionStorage.getItem(ENDED_BY_USER_KEY) === '1';
  } catch {
    return false;
  }
}
