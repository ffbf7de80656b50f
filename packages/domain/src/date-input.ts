/**
 * The date input's parser (spec 01 §2 "Date and time inputs"), pure: "today" is passed in.
 * The rules and our readings of what the spec leaves open are in
 * docs/decisions/date-time-input.md. Dates are ISO `YYYY-MM-DD` strings throughout.
 */

export type DateInputError = 'invalid' | 'beforeMin' | 'afterMax';

/** `value` is the ISO date, or null when the text is empty or not accepted (then `error` says why). */
export type DateInputResult = { value: string | null; error: DateInputError | null };

export interface DateInputOptions {
  /** Today as `YYYY-MM-DD`: the base of `+n`, `-n`, `0` and of the short digit forms. */
  today: string;
  /** Inclusive bounds as `YYYY-MM-DD`. */
  min?: string | null | undefined;
  max?: string | null | undefined;
}

type Ymd = { year: number; month: number; day: number };

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

export const toIsoDate = ({ year, month, day }: Ymd) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC avoids any time zone shift.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Years 1 to 9999, months 1 to 12, and a day the month has (29 February only in leap years). */
export function isRealDate({ year, month, day }: Ymd): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const lastDay = month === 2 ? (isLeapYear(year) ? 29 : 28) : daysInMonth(2001, month);
  return day <= lastDay;
}

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Reads `YYYY-MM-DD` into its parts, or null when it is not a real date. */
export function readIsoDate(value: string): Ymd | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const ymd = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(ymd) ? ymd : null;
}

/** Spec: two-digit years of 50 or above mean 19xx, below 50 mean 20xx. */
export const expandTwoDigitYear = (year: number) => (year >= 50 ? 1900 + year : 2000 + year);

/** Adds whole days to an ISO date; null when the result leaves years 1 to 9999. */
export function addDays(isoDate: string, days: number): string | null {
  const base = readIsoDate(isoDate);
  if (!base) return null;
  const date = new Date(0);
  date.setUTCFullYear(base.year, base.month - 1, base.day + days);
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) return null;
  return toIsoDate({ year, month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** `YYYY-MM-DD` shown as `dd.mm.yyyy`; anything else as it is. */
export function formatDateInput(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const ymd = readIsoDate(isoDate);
  return ymd ? `${pad(ymd.day)}.${pad(ymd.month)}.${pad(ymd.year, 4)}` : isoDate;
}

const year = (text: string) => (text.length === 2 ? expandTwoDigitYear(Number(text)) : Number(text));

/**
 * Digits only: 1–2 = day of today's month, 4 = ddmm of today's year, 6 = ddmmyy, 8 = ddmmyyyy.
 * Lengths 3, 5 and 7 are ambiguous (is 123 the 1.23 or the 12.3?) and refused, as the spec says.
 */
function readDigits(digits: string, today: Ymd): Ymd | null {
  const day = Number(digits.slice(0, 2));
  switch (digits.length) {
    case 1:
    case 2:
      return { year: today.year, month: today.month, day: Number(digits) };
    case 4:
      return { year: today.year, month: Number(digits.slice(2, 4)), day };
    case 6:
    case 8:
      return { year: year(digits.slice(4)), month: Number(digits.slice(2, 4)), day };
    default:
      return null;
  }
}

/**
 * `d.m.yyyy`, `d.m.yy`, and `d.m.` or `d.m` (today's year), with `.`, `/` or `\` used
 * consistently; day and month take one or two digits, the year two or four.
 */
const separated = /^(\d{1,2})([./\\])(\d{1,2})(?:\2(\d{2}|\d{4})?)?$/;
/** A pasted ISO date is taken as it is. */
const iso = /^\d{4}-\d{2}-\d{2}$/;
/** `+n` and `-n` days from today (at most five digits, about 270 years). */
const relative = /^([+-])(\d{1,5})$/;

function readText(text: string, todayIso: string, today: Ymd): Ymd | string | null {
  if (text === '0') return todayIso;
  const shift = relative.exec(text);
  if (shift) return addDays(todayIso, (shift[1] === '-' ? -1 : 1) * Number(shift[2]));
  if (iso.test(text)) return readIsoDate(text);
  if (/^\d+$/.test(text)) return readDigits(text, today);
  const parts = separated.exec(text);
  if (!parts) return null;
  return {
    day: Number(parts[1]),
    month: Number(parts[3]),
    year: parts[4] === undefined ? today.year : year(parts[4]),
  };
}

/** Parses what the user typed into an ISO date, checking that it is real and within min and max. */
export function parseDateInput(input: string, options: DateInputOptions): DateInputResult {
  const text = input.trim();
  if (text === '') return { value: null, error: null };
  const today = readIsoDate(options.today);
  if (!today) throw new Error(`today is no ISO date: ${options.today}`);
  const read = readText(text, options.today, today);
  const value = typeof read === 'string' ? read : read && isRealDate(read) ? toIsoDate(read) : null;
  if (value === null) return { value: null, error: 'invalid' };
  if (options.min && value < options.min) return { value: null, error: 'beforeMin' };
  if (options.max && value > options.max) return { value: null, error: 'afterMax' };
  return { value, error: null };
}

/** Today in the given time zone (default: the runtime's), as `YYYY-MM-DD`. */
export function isoDateOf(instant: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Unique dates in ascending order (the multiple mode of the date input). */
export const uniqueSortedDates = (dates: readonly string[]) => [...new Set(dates)].sort();

/** A range keeps two dates; the earlier comes first. */
export function orderedRange(first: string | null, second: string | null): [string | null, string | null] {
  if (first && second && second < first) return [second, first];
  return [first, second];
}
