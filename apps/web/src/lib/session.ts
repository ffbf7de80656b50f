import { api } from '../api/api';
import { authStore } from './auth-store';
import { markEndedByUser } from './ended-by-user';
import { queryClient } from './query-client';

/** How long a logout waits for the server before leaving anyway (spec 01 §8: failure ignored). */
const LOGOUT_WAIT_MS = 3000;

/**
 * Ends the session: tells the server (failure ignored, spec 01 §8), then clears the local state
 * and the login guard loads the login page. The page is left only after the call, since leaving
 * the page cancels it (the login page is a page of its own, issue 8).
 */
export async function endSession({ byUser }: { byUser: boolean }): Promise<void> {
  const session = authStore.get();
  if (session) {
    await api
      .post(
        '/auth/logout',
        { userId: session.personId, refreshToken: session.refreshToken },
        { skipRefresh: true, keepalive: true, signal: AbortSignal.timeout(LOGOUT_WAIT_MS) },
      )
      .catch(() => undefined);
  }
  markEndedByUser(byUser);
  authStore.clear();
  queryClient.clear();
}
