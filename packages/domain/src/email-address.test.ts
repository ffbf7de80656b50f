import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailAddressProblem } from './email-address';
import { emailAddress } from './validation';

const schemaProblem = (value: string) => {
  const result = emailAddress().safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};
// zod's own e-mail check, before emailAddress() named its pattern: nothing accepted changes.
const zodDefault = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'tooLong' })
  .pipe(z.email({ error: 'email' }));
const zodDefaultProblem = (value: string) => {
  const result = zodDefault.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

const examples = [
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
];
const anyText = fc.oneof(fc.stringMatching(/^[ a-zA-Z0-9_.'+@-]{0,30}$/), fc.emailAddress(), fc.string());

describe('the e-mail rule without zod (the login page) and with it (forms, API)', () => {
  it.each(examples)('%j', (value) => {
    expect(emailAddressProblem(value)).toBe(schemaProblem(value));
    expect(schemaProblem(value)).toBe(zodDefaultProblem(value));
  });

  it('agree on any text', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(emailAddressProblem(value)).toBe(schemaProblem(value));
        expect(schemaProblem(value)).toBe(zodDefaultProblem(value));
      }),
    );
  });
});
