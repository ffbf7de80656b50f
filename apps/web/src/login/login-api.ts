import { readApiError } from '../api/api-error';
import type { SessionPerson } from '../lib/auth-store';

// The three calls of the login page, with the headers the SPA's API client sends
// (api/api-client.ts): the server localises its messages by Accept-Language.
async function send<T>(path: string, locale: string, init: { body?: unknown; token?: string } = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': locale });
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(`/api/v1${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw await readApiError(response);
  const text = response.status === 204 ? '' : await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface AuthTokens {
  token: string;
  refreshToken: string;
}

/** POST auth/authenticate; the terms are accepted by the checkbox that enables the button. */
export function authenticate(username: string, password: string, locale: string): Promise<AuthTokens> {
  return send('/auth/authenticate', locale, { body: { username, password, acceptedTermsAndConditions: true } });
}

/** POST auth/reset-password: mails a single-use link to set a new password (DESIGN). */
export function requestPasswordReset(email: string, locale: string): Promise<void> {
  return send('/auth/reset-password', locale, { body: { email } });
}

/** GET person/{id}: the signed-in person, for her language before the app starts (spec 01 §7). */
export function getPerson(id: string, token: string, locale: string): Promise<SessionPerson> {
  return send(`/person/${encodeURIComponent(id)}`, locale, { token });
}
