import {
  WebAuthnAbortService,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
} from '@simplewebauthn/browser';
import type { PasskeyOptions } from './login-api';

/**
 * The browser's side of a passkey sign-in (@simplewebauthn/browser). `autofill` waits for the
 * person to pick a passkey in the username field's suggestions (conditional UI); starting a
 * modal ceremony cancels a waiting one.
 */
export async function askForPasskey(options: PasskeyOptions, autofill = false): Promise<unknown> {
  return startAuthentication({
    optionsJSON: options.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    useBrowserAutofill: autofill,
  });
}

export const canUsePasskeys = () => browserSupportsWebAuthn();
export const canAutofillPasskeys = () => browserSupportsWebAuthnAutofill();
/** Ends a waiting conditional request (leaving the login form). */
export const cancelPasskeyRequest = () => WebAuthnAbortService.cancelCeremony();

/** A person's cancel or a timeout, as opposed to a fault worth showing as such. */
export const isPasskeyDismissed = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
