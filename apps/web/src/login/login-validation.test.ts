import { describe, expect, it } from 'vitest';
import { emailAddressError, passwordError } from './login-validation';

describe('the login page checks', () => {
  it('names the message of the domain e-mail rule', () => {
    expect(emailAddressError('  ')).toBe('validation.required');
    expect(emailAddressError('not-an-address')).toBe('validation.email');
    expect(emailAddressError(`${'a'.repeat(250)}@example.ch`)).toBe('validation.tooLong');
    expect(emailAddressError(' member@example.ch ')).toBeNull();
  });

  it('needs a password of any strength', () => {
    expect(passwordError('')).toBe('validation.required');
    expect(passwordError('x')).toBeNull();
  });
});
