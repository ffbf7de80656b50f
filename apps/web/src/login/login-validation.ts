import { emailAddressProblem } from '@bpw/domain/email-address';
import type { LoginTextKey } from './login-text-keys';

export type ValidationKey = Extract<LoginTextKey, `validation.${string}`>;

/** The username and the forgot-password address: the domain's e-mail rule (email-address.ts). */
export function emailAddressError(value: string): ValidationKey | null {
  const problem = emailAddressProblem(value);
  return problem && `validation.${problem}`;
}

/** Login password: required, with no strength rule (spec 01 §5). */
export function passwordError(value: string): ValidationKey | null {
  return value.length === 0 ? 'validation.required' : null;
}

/** A six-digit TOTP code (spaces allowed), as the domain's totpCode reads it. */
export function totpCodeError(value: string): ValidationKey | null {
  const digits = value.replace(/\s+/g, '');
  if (digits.length === 0) return 'validation.required';
  return /^\d{6}$/.test(digits) ? null : 'validation.invalid';
}

/** A recovery code: 16 base32 characters, dashes and spaces ignored. */
export function recoveryCodeError(value: string): ValidationKey | null {
  const compact = value.replace(/[\s-]+/g, '').toUpperCase();
  if (compact.length === 0) return 'validation.required';
  return /^[A-Z2-7]{16}$/.test(compact) ? null : 'validation.invalid';
}
