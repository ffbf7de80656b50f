/**
 * Young and plus status (spec 01 §4): "young" holds until 31 December of the birth year plus 35;
 * "plus" applies from the birth date plus 64 years. Dates are YYYY-MM-DD strings, compared as
 * text (which orders them correctly). Someone born on 29 February has her anniversary on
 * 28 February in common years (as PostgreSQL's `date + interval 'n years'` and Swiss law count).
 */
export const YOUNG_UNTIL_AGE_YEAR = 35;
export const PLUS_FROM_AGE = 64;

const yearOf = (date: string) => Number(date.slice(0, 4));
const pad = (n: number, length = 2) => String(n).padStart(length, '0');
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The date `years` after `date`; 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const year = yearOf(date) + years;
  const monthDay = date.slice(5);
  return monthDay === '02-29' && !isLeapYear(year) ? `${pad(year, 4)}-02-28` : `${pad(year, 4)}-${monthDay}`;
}

/** The last day on which a person born on `birthday` is young: 31 December of birth year + 35. */
export const youngUntil = (birthday: string) => `${pad(yearOf(birthday) + YOUNG_UNTIL_AGE_YEAR, 4)}-12-31`;

/** The first day on which a person born on `birthday` is plus: her 64th birthday. */
export const plusFrom = (birthday: string) => addYears(birthday, PLUS_FROM_AGE);

export const isYoungOn = (birthday: string, day: string) => day <= youngUntil(birthday);

export const isPlusOn = (birthday: string, day: string) => day >= plusFrom(birthday);

/** Full years of age on `day`. */
export function ageOn(birthday: string, day: string): number {
  const years = yearOf(day) - yearOf(birthday);
  return day >= addYears(birthday, years) ? years : years - 1;
}

/** The first birthday anniversary on or after `day` (the birthday list, spec 01 §2 "Dashboard"). */
export function nextBirthdayOn(birthday: string, day: string): { date: string; age: number } {
  const years = yearOf(day) - yearOf(birthday);
  const thisYear = addYears(birthday, years);
  return thisYear >= day ? { date: thisYear, age: years } : { date: addYears(birthday, years + 1), age: years + 1 };
}
