/**
 * The time input's parser (spec 01 §2 "Date and time inputs"), pure: "now" is passed in.
 * Times are `HH:mm:ss` strings (24 hours); date-times go to the API as UTC ISO strings without
 * milliseconds (spec 01 §2 "Output"). Our readings are in docs/decisions/date-time-input.md.
 */
import { addDays, readIsoDate } from './date-input';

export type TimeInputError = 'invalid' | 'outOfRange';

/**
 * `value` is `HH:mm:ss`, or null when the text is empty or not accepted. A time outside min and
 * max "becomes empty" (spec): value null with error `outOfRange`, so the field can say why.
 */
export type TimeInputResult = { value: string | null; error: TimeInputError | null };

export interface TimeInputOptions {
  /** The current time as `HH:mm` or `HH:mm:ss`: the base of `+n` and `-n`. */
  now: string;
  /** Inclusive bounds as `HH:mm` or `HH:mm:ss`. */
  min?: string | null | undefined;
  max?: string | null | undefined;
}

const secondsPerDay = 24 * 60 * 60;
const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds since midnight of `HH:mm` or `HH:mm:ss`, or null when it is no time of day. */
export function secondsOfTime(time: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match) return null;
  return secondsOf(Number(match[1]), Number(match[2]), Number(match[3] ?? 0));
}

function secondsOf(hours: number, minutes: number, seconds: number): number | null {
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

export function timeOfSeconds(total: number): string {
  const wrapped = ((total % secondsPerDay) + secondsPerDay) % secondsPerDay;
  return `${pad(Math.floor(wrapped / 3600))}:${pad(Math.floor((wrapped % 3600) / 60))}:${pad(wrapped % 60)}`;
}

/** `HH:mm:ss` shown as `HH:mm`, or `HH:mm:ss` when the seconds are not zero. */
export function formatTimeInput(time: string | null | undefined): string {
  if (!time) return '';
  const seconds = secondsOfTime(time);
  if (seconds === null) return time;
  const full = timeOfSeconds(seconds);
  return full.endsWith(':00') ? full.slice(0, 5) : full;
}

const unitSeconds = { h: 3600, m: 60, s: 1 } as const;
/** `+n` / `-n` with h, m or s (at most four digits). */
const relative = /^([+-])\s*(\d{1,4})\s*([hms])$/i;
/** `h:mm`, `hh:mm`, `h:mm:ss`, `hh:mm:ss` with `:` or `.` used consistently. */
const separated = /^(\d{1,2})([:.])(\d{2})(?:\2(\d{2}))?$/;

/** Digits only: 1–2 = full hour, 3 = hmm, 4 = hhmm, 6 = hhmmss; 5 is ambiguous and refused. */
function readDigits(digits: string): number | null {
  switch (digits.length) {
    case 1:
    case 2:
      return secondsOf(Number(digits), 0, 0);
    case 3:
      return secondsOf(Number(digits.slice(0, 1)), Number(digits.slice(1)), 0);
    case 4:
      return secondsOf(Number(digits.slice(0, 2)), Number(digits.slice(2)), 0);
    case 6:
      return secondsOf(Number(digits.slice(0, 2)), Number(digits.slice(2, 4)), Number(digits.slice(4)));
    default:
      return null;
  }
}

function readText(text: string, now: number): number | null {
  const shift = relative.exec(text);
  if (shift) {
    const unit = unitSeconds[(shift[3] ?? 'm').toLowerCase() as keyof typeof unitSeconds];
    // Past midnight the clock wraps: the time input keeps its date (docs/decisions/date-time-input.md).
    const total = now + (shift[1] === '-' ? -1 : 1) * Number(shift[2]) * unit;
    return ((total % secondsPerDay) + secondsPerDay) % secondsPerDay;
  }
  if (/^\d+$/.test(text)) return readDigits(text);
  const parts = separated.exec(text);
  if (!parts) return null;
  return secondsOf(Number(parts[1]), Number(parts[3]), Number(parts[4] ?? 0));
}

/** Parses what the user typed into `HH:mm:ss`; outside min and max it becomes empty. */
export function parseTimeInput(input: string, options: TimeInputOptions): TimeInputResult {
  const text = input.trim();
  if (text === '') return { value: null, error: null };
  const now = secondsOfTime(options.now);
  if (now === null) throw new Error(`now is no time of day: ${options.now}`);
  const seconds = readText(text, now);
  if (seconds === null) return { value: null, error: 'invalid' };
  const min = options.min ? secondsOfTime(options.min) : null;
  const max = options.max ? secondsOfTime(options.max) : null;
  if ((min !== null && seconds < min) || (max !== null && seconds > max)) return { value: null, error: 'outOfRange' };
  return { value: timeOfSeconds(seconds), error: null };
}

/** The choices of the time select: every `step` minutes from 00:00 (spec 01 §9: 5 minutes). */
export function timeOptions(stepMinutes = 5): string[] {
  const options: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += stepMinutes) {
    options.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  }
  return options;
}

/** An instant as the API wants it: UTC ISO 8601 without milliseconds (DESIGN "API contract"). */
export const toIsoWithoutMilliseconds = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, 'Z');

type WallClock = { year: number; month: number; day: number; seconds: number };

/** The wall clock of an instant in a time zone (undefined: the runtime's own). */
function wallClockOf(instant: number, timeZone: string | undefined): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    seconds: get('hour') * 3600 + get('minute') * 60 + get('second'),
  };
}

function utcMillisOf({ year, month, day, seconds }: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() + seconds * 1000;
}

/** How far the wall clock of `timeZone` (default: the runtime's) is ahead of UTC at `instant`, in whole minutes. */
export function zoneOffsetMinutes(instant: Date, timeZone?: string): number {
  const millis = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((utcMillisOf(wallClockOf(millis, timeZone)) - millis) / 60_000);
}

/**
 * A date and a time of day on the wall clock of `timeZone` (default: the runtime's) as a UTC ISO
 * string without milliseconds, e.g. `2024-06-01` `18:30:00` in Europe/Zurich -> `2024-06-01T16:30:00Z`.
 * Null when the date or time is not valid.
 */
export function combineDateTime(date: string, time: string, timeZone?: string): string | null {
  const ymd = readIsoDate(date);
  const seconds = secondsOfTime(time);
  if (!ymd || seconds === null) return null;
  const wanted = utcMillisOf({ ...ymd, seconds });
  // Two rounds settle the zone's offset, also on the days the clocks change.
  let instant = wanted;
  for (let round = 0; round < 2; round += 1) {
    const offset = utcMillisOf(wallClockOf(instant, timeZone)) - instant;
    instant = wanted - offset;
  }
  return toIsoWithoutMilliseconds(new Date(instant));
}

/** A UTC ISO date-time split into the date and time of day on the wall clock of `timeZone`. */
export function splitDateTime(isoDateTime: string, timeZone?: string): { date: string; time: string } | null {
  const instant = Date.parse(isoDateTime);
  if (Number.isNaN(instant)) return null;
  const clock = wallClockOf(instant, timeZone);
  const date = addDays(`${String(clock.year).padStart(4, '0')}-${pad(clock.month)}-${pad(clock.day)}`, 0);
  return date ? { date, time: timeOfSeconds(clock.seconds) } : null;
}

/** The current time of day on the wall clock of `timeZone`, as `HH:mm:ss`. */
export const timeOfDayOf = (instant: Date, timeZone?: string) =>
  timeOfSeconds(wallClockOf(instant.getTime(), timeZone).seconds);
