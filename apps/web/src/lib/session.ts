import { api } from '../api/api';
import { authStore } from './auth-store';
import { decodeClaims } from './jwt-claims';
import { queryClient } from './query-client';

/** Stores the tokens of a successful sign-in; the person id is the token's subject. */
export function startSession(tokens: { token: string; refreshToken: string }): string {
  const personId = decodeClaims(tokens.token).sub;
  authStore.set({ token: tokens.token, refreshToken: tokens.refreshToken, personId });
  return personId;
}

/** Ends the session: tells the server (failure ignored, spec 01 §8) and clears the local state. */
export function endSession(): void {
  const session = authStore.get();
  if (session) {
    // The call reads the bearer token synchronously, before the tokens are cleared below.
    api
      .post('/auth/logout', { userId: session.personId, refreshToken: session.refreshToken }, { skipRefresh: true })
      .catch(() => undefined);
  }
  authStore.clear();
  queryClient.clear();
}
