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
