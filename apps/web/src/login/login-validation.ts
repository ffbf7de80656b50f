import type { LoginTextKey } from './login-text-keys';

// The pattern of zod's z.email(), which the domain's emailAddress() uses: the same addresses
// pass here as in the SPA and on the server (login-validation.test.ts compares them).
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type ValidationKey = Extract<LoginTextKey, `validation.${string}`>;

/** The domain's emailAddress() without zod: trimmed, required, at most 254, an e-mail address. */
export function emailAddressError(value: string): ValidationKey | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'validation.required';
  if (trimmed.length > 254) return 'validation.tooLong';
  return emailPattern.test(trimmed) ? null : 'validation.email';
}

/** Login password: required, with no strength rule (spec 01 §5). */
export function passwordError(value: string): ValidationKey | null {
  return value.length === 0 ? 'validation.required' : null;
}
