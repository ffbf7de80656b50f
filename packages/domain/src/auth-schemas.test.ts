import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authenticateBodySchema,
  changePasswordBodySchema,
  resetPasswordBodySchema,
  roleNamesSchema,
  setPasswordBodySchema,
  toggleRoleBodySchema,
} from './auth-schemas';
import { commonPasswordCount, isCommonPassword } from './common-passwords';
import { passwordPattern } from './validation';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('auth payloads', () => {
  it('asks for username, password and accepted terms at sign-in (spec 01 §5 "Login")', () => {
    expect(
      authenticateBodySchema.safeParse({ username: 'a@b.ch', password: 'x', acceptedTermsAndConditions: true }).success,
    ).toBe(true);
    expect(
      messages(authenticateBodySchema.safeParse({ username: ' ', password: '', acceptedTermsAndConditions: false })),
    ).toEqual(['username:required', 'password:required', 'acceptedTermsAndConditions:required']);
  });
  it('needs an e-mail address to reset a password, and knows the two mail templates', () => {
    expect(resetPasswordBodySchema.safeParse({ email: 'a@b.ch', mailTemplate: 'welcome' }).success).toBe(true);
    expect(messages(resetPasswordBodySchema.safeParse({ email: 'nope', mailTemplate: 'fancy' }))).toEqual([
      'email:email',
      'mailTemplate:invalid',
    ]);
  });
  it('applies the password rule to new passwords', () => {
    expect(messages(setPasswordBodySchema.safeParse({ token: 't', password: 'lowercase1' }))).toEqual([
      'password:password',
    ]);
    expect(
      changePasswordBodySchema.safeParse({ userId: crypto.randomUUID(), password: 'Tulpen-Feld-42' }).success,
    ).toBe(true);
    expect(messages(changePasswordBodySchema.safeParse({ userId: 'x', password: 'Tulpen-Feld-42' }))).toEqual([
      'userId:invalid',
    ]);
  });
  it('toggles only Admin and CentralExecutiveCommittee', () => {
    const userId = crypto.randomUUID();
    expect(toggleRoleBodySchema.safeParse({ userId, roleName: 'Admin' }).success).toBe(true);
    expect(toggleRoleBodySchema.safeParse({ userId, roleName: 'SuperAdmin' }).success).toBe(false);
    expect(roleNamesSchema.parse(['Admin', 'member'])).toEqual(['Admin', 'member']);
  });
});

describe('common passwords', () => {
  it('holds about two hundred entries', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(200);
  });
  it('refuses well-known passwords that pass the strength rule, in any case', () => {
    for (const password of [
      'Password1',
      'Passw0rd',
      'P@ssw0rd',
      'Qwerty123',
      'Qwertz123',
      'Welcome1',
      'Sommer2025!',
      'Passwort123!',
      'Schweiz1',
    ]) {
      expect(passwordPattern.test(password), password).toBe(true);
      expect(isCommonPassword(password), password).toBe(true);
    }
  });
  it('accepts passwords that only contain a common word', () => {
    for (const password of ['Tulpen-Feld-42', 'Password-for-the-Club-7', 'Mein Sommer am See 3']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
  it('refuses a common word followed by any digits and punctuation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Password', 'Qwertz', 'Welcome', 'Sommer'),
        fc.stringMatching(/^[0-9!?.#]{0,8}$/),
        (stem, tail) => {
          expect(isCommonPassword(stem + tail)).toBe(true);
        },
      ),
    );
  });
});
