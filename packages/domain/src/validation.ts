import { z } from 'zod';
import { EMAIL_ADDRESS_MAX_LENGTH, emailAddressPattern } from './email-address';
import { countryCodePattern, homeCountryCode, normaliseCountryCode } from './postal-address';

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
  singleLine: 'singleLine',
  /** A page size outside 1..100 (the lists that never answer everything at once, issue 24). */
  perPageRange: 'perPageRange',
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

/** CR, LF and the other Unicode line breaks (NEL, LS, PS, VT, FF). */
export const lineBreakPattern = /[\r\n\v\f\u0085\u2028\u2029]/;
const isOneLine = (v: string | null | undefined) => v === null || v === undefined || !lineBreakPattern.test(v);

/** requiredText on one line: a name or an address line never holds a line break (issue 15). */
export const requiredLine = (max = 255) => requiredText(max).refine(isOneLine, { error: c.singleLine });

/** optionalText on one line. */
export const optionalLine = (max = 255) => optionalText(max).refine(isOneLine, { error: c.singleLine });

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

/** Text as `normaliseCountryCode` makes it (blank is null); anything else as it came. */
const normalisedCountry = (v: unknown) => (typeof v === 'string' ? normaliseCountryCode(v) : v);
const countryCodeText = () => z.string({ error: c.invalid }).regex(countryCodePattern, { error: c.invalid });
/** What a client sends for a country: a code, or nothing. */
type CountryCodeInput = string | null | undefined;

/** An optional country (ISO 3166-1 alpha-2), trimmed and upper case; absent, null or blank is null. */
export const optionalCountryCode = () =>
  z.preprocess<unknown, z.ZodNullable<ReturnType<typeof countryCodeText>>, CountryCodeInput>(
    (v) => normalisedCountry(v) ?? null,
    countryCodeText().nullable(),
  );

/** A place's country, trimmed and upper case; absent, null or blank is the home country (CH). */
export const countryCodeOrHome = () =>
  z.preprocess<unknown, ReturnType<typeof countryCodeText>, CountryCodeInput>(
    (v) => normalisedCountry(v) ?? homeCountryCode,
    countryCodeText(),
  );

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
export function isRealIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * Issue 15: every date and date-time the app takes lies in these days (inclusive, UTC for
 * date-times). Year 0000 and the like answered 500 on PostgreSQL; no birthday, membership or
 * event of the association lies outside. docs/decisions/input-hygiene.md.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2199-12-31';

/** A real `YYYY-MM-DD` between DATE_MIN and DATE_MAX. */
export const isIsoDateInRange = (value: string) => isRealIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX;

/** A date-time whose UTC day lies between DATE_MIN and DATE_MAX (false when unreadable). */
export function isDateTimeInRange(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const day = new Date(time).toISOString().slice(0, 10);
  return day >= DATE_MIN && day <= DATE_MAX;
}

/** A date as YYYY-MM-DD that exists on the calendar, between DATE_MIN and DATE_MAX. */
export const isoDate = () =>
  z
    .string({ error: c.required })
    .min(1, { error: c.required })
    .refine(isIsoDateInRange, { error: c.date })
    // In the OpenAPI document too (the fuzzing and the date battery find date fields by it).
    .meta({ format: 'date' });

/** A UTC date-time as the API sends it: ISO 8601, no milliseconds required, between DATE_MIN and DATE_MAX. */
export const isoDateTime = () =>
  z.iso.datetime({ offset: true, error: c.date }).refine(isDateTimeInRange, { error: c.date });
