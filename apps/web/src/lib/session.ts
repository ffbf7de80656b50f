import { api } from '../api/api';
import { authStore } from './auth-store';
import { decodeClaims } from './jwt-claims';
import { queryClient } from './query-client';

let isEndedByUser = false;

/** Stores the tokens of a successful sign-in; the person id is the token's subject. */
export function startSession(tokens: { token: string; refreshToken: string }): string {
  const personId = decodeClaims(tokens.token).sub;
  isEndedByUser = false;
  authStore.set({ token: tokens.token, refreshToken: tokens.refreshToken, personId });
  return personId;
}

/**
 * Ends the session: tells the server (failure ignored, spec 01 §8) and clears the local state.
 * The login guard then shows the login page.
 */
export function endSession({ byUser }: { byUser: boolean }): void {
  const session = authStore.get();
  if (session) {
    // The call reads the bearer token synchronously, before the tokens are cleared below.
    api
      .post('/auth/logout', { userId: session.personId, refreshToken: session.refreshToken }, { skipRefresh: true })
      .catch(() => undefined);
  }
  isEndedByUser = byUser;
  authStore.clear();
  queryClient.clear();
}

/** After an explicit logout the next sign-in starts at home, not at the page left behind. */
export function wasEndedByUser(): boolean {
  return isEndedByUser;
}
