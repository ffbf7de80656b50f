import { emailAddress } from '@bpw/domain/validation';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailAddressError, passwordError } from './login-validation';

const domainError = (value: string) => {
  const result = emailAddress().safeParse(value);
  return result.success ? null : `validation.${result.error.issues[0]?.message}`;
};

describe('the login page checks the username as the domain schema does', () => {
  it.each([
    '',
    '   ',
    'member@example.ch',
    '  member@example.ch  ',
    'first.last+tag@sub.example.ch',
    "o'brien@example.com",
    'not-an-address',
    'a@b',
    'a@b.c',
    '.a@example.ch',
    'a..b@example.ch',
    'a.@example.ch',
    'a@-example.ch',
    'ä@example.ch',
    `${'a'.repeat(250)}@example.ch`,
  ])('%j', (value) => {
    expect(emailAddressError(value)).toBe(domainError(value));
  });

  it('for any text', () => {
    const emailish = fc.stringMatching(/^[ a-zA-Z0-9_.'+@-]{0,30}$/);
    fc.assert(
      fc.property(fc.oneof(emailish, fc.emailAddress(), fc.string()), (value) => {
        expect(emailAddressError(value)).toBe(domainError(value));
      }),
    );
  });

  it('needs a password of any strength', () => {
    expect(passwordError('')).toBe('validation.required');
    expect(passwordError('x')).toBeNull();
  });
});
