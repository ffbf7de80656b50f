import { authStore } from './auth-store';
import { markEndedByUser } from './ended-by-user';
import { decodeClaims } from './jwt-claims';

/**
 * Stores the tokens of a successful sign-in; the person id is the token's subject. Light on
 * purpose: the login page (src/login) uses it without the SPA's API client and query cache.
 */
export function startSession(tokens: { token: string; refreshToken: string }): string {
  const personId = decodeClaims(tokens.token).sub;
  markEndedByUser(false);
  authStore.set({ token: tokens.token, refreshToken: tokens.refreshToken, personId });
  return personId;
}
