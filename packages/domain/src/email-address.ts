/**
 * What counts as an e-mail address, without zod: the login page checks its fields with this
 * (it loads no zod, issue 8), and `emailAddress()` in validation.ts gives zod the same pattern,
 * so the page, the SPA's forms and the server accept exactly the same addresses.
 */

/** zod's own e-mail pattern (z.email()'s default), named here so both checks share it. */
export const emailAddressPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_ADDRESS_MAX_LENGTH = 254;

/** The problem with a typed address, as `emailAddress()` reports it: trimmed, required, at most 254. */
export function emailAddressProblem(value: string): 'required' | 'tooLong' | 'email' | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > EMAIL_ADDRESS_MAX_LENGTH) return 'tooLong';
  return emailAddressPattern.test(trimmed) ? null : 'email';
}
