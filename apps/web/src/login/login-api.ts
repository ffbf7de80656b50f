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
  /** This sign-in must set up a second factor before anything else (docs/decisions/two-factor.md). */
  secondFactorSetupRequired?: boolean;
}

export type SecondFactorChoice = 'totp' | 'recoveryCode' | 'passkey';

/** The password was right; a second factor follows. */
export interface SecondFactorChallenge {
  secondFactorTicket: string;
  secondFactorMethods: SecondFactorChoice[];
}

export type SignInAnswer = AuthTokens | SecondFactorChallenge;

export const needsSecondStep = (answer: SignInAnswer): answer is SecondFactorChallenge =>
  'secondFactorTicket' in answer;

/** WebAuthn options and the signed challenge to send back with the answer. */
export interface PasskeyOptions {
  challengeToken: string;
  options: Record<string, unknown>;
}

/** POST auth/authenticate; the terms are accepted by the checkbox that enables the button. */
export function authenticate(username: string, password: string, locale: string): Promise<SignInAnswer> {
  return send('/auth/authenticate', locale, { body: { username, password, acceptedTermsAndConditions: true } });
}

/** POST auth/second-factor: the ticket of the password step and one factor. */
export function completeSecondFactor(
  body: {
    ticket: string;
    totpCode?: string;
    recoveryCode?: string;
    passkey?: { challengeToken: string; credential: unknown };
  },
  locale: string,
): Promise<AuthTokens> {
  return send('/auth/second-factor', locale, { body });
}

/** POST auth/second-factor/passkey-options: a challenge for the ticket holder's passkeys. */
export function secondFactorPasskeyOptions(ticket: string, locale: string): Promise<PasskeyOptions> {
  return send('/auth/second-factor/passkey-options', locale, { body: { ticket } });
}

/** POST auth/passkey-options: a challenge for any passkey of this site. */
export function passkeySignInOptions(locale: string): Promise<PasskeyOptions> {
  return send('/auth/passkey-options', locale, { body: {} });
}

/** POST auth/passkey-sign-in: a passkey signs in on its own. */
export function passkeySignIn(
  body: { challengeToken: string; credential: unknown; acceptedTermsAndConditions: boolean },
  locale: string,
): Promise<AuthTokens> {
  return send('/auth/passkey-sign-in', locale, { body });
}

export interface TotpSetup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

/** POST auth/totp/setup, with the tokens of a sign-in that must set up a second factor. */
export function startTotpSetup(token: string, locale: string): Promise<TotpSetup> {
  return send('/auth/totp/setup', locale, { body: {}, token });
}

/** POST auth/totp/confirm: answers the ten recovery codes. */
export function confirmTotpSetup(code: string, token: string, locale: string): Promise<{ recoveryCodes: string[] }> {
  return send('/auth/totp/confirm', locale, { body: { code }, token });
}

/** POST auth/reset-password: mails a single-use link to set a new password (DESIGN). */
export function requestPasswordReset(email: string, locale: string): Promise<void> {
  return send('/auth/reset-password', locale, { body: { email } });
}

/** GET person/{id}: the signed-in person, for her language before the app starts (spec 01 §7). */
export function getPerson(id: string, token: string, locale: string): Promise<SessionPerson> {
  return send(`/person/${encodeURIComponent(id)}`, locale, { token });
}
