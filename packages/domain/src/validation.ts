import { z } from 'zod';
import { EMAIL_ADDRESS_MAX_LENGTH, emailAddressPattern } from './email-address';

/**
 * The message codes of spec 01 §5 / 02 §5. Schemas carry a code as their message; the API and
 * the web app turn it into "{field} must not be empty." etc. with the field's label, so one
 * schema gives the same localised text on the form and in the server's `errors`.
 */
export const ValidationCode = {
  required: 'required',
  email: 'email',
  password: 'password',
  integer: 'integer',
  number: 'number',
  date: 'date',
  boolean: 'boolean',
  url: 'url',
  invalid: 'invalid',
  tooLong: 'tooLong',
  passwordsDiffer: 'passwordsDiffer',
  usernamesDiffer: 'usernamesDiffer',
  notInFuture: 'notInFuture',
} as const;
export type ValidationCode = (typeof ValidationCode)[keyof typeof ValidationCode];
export const validationCodes = Object.values(ValidationCode) as ValidationCode[];

export const validationMessageKey = (code: ValidationCode) => `validation.${code}`;

const c = ValidationCode;

/** Required text, trimmed; "" counts as empty (spec: a falsy value other than 0). */
export const requiredText = (max = 255) =>
  z.string({ error: c.required }).trim().min(1, { error: c.required }).max(max, { error: c.tooLong });

/** Optional text: absent, null and "" all become null. */
export const optionalText = (max = 255) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z.string({ error: c.invalid }).max(max, { error: c.tooLong }).nullish(),
  );

export const emailAddress = () =>
  z
    .string({ error: c.required })
    .trim()
    .min(1, { error: c.required })
    .max(EMAIL_ADDRESS_MAX_LENGTH, { error: c.tooLong })
    .pipe(z.email({ pattern: emailAddressPattern, error: c.email }));

/** Spec: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
export const strongPassword = () =>
  z
    .string({ error: c.required })
    .min(1, { error: c.required })
    .max(200, { error: c.tooLong })
    .regex(passwordPattern, { error: c.password });

/** http or https only (spec: "URL must start with http or https"). */
export const httpUrl = () =>
  z
    .string({ error: c.required })
    .trim()
    // abort: an empty value is "required" only, not also "no valid URL".
    .min(1, { error: c.required, abort: true })
    .max(2000, { error: c.tooLong })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: c.url },
    );

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
export function isRealIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
/** A date as YYYY-MM-DD that exists on the calendar. */
export const isoDate = () =>
  z.string({ error: c.required }).min(1, { error: c.required }).refine(isRealIsoDate, { error: c.date });

/** A UTC date-time as the API sends it: ISO 8601, no milliseconds required. */
export const isoDateTime = () => z.iso.datetime({ offset: true, error: c.date });
