import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  expandTwoDigitYear,
  formatDateInput,
  isoDateOf,
  isRealDate,
  orderedRange,
  parseDateInput,
  readIsoDate,
  toIsoDate,
  uniqueSortedDates,
} from './date-input';

const today = '2024-02-15';
const parse = (text: string, extra: { min?: string; max?: string } = {}) => parseDateInput(text, { today, ...extra });
const valueOf = (text: string) => parse(text).value;

describe('parseDateInput: dd.mm.yyyy with . / or \\', () => {
  it.each([
    ['01.03.2023', '2023-03-01'],
    ['1.3.2023', '2023-03-01'],
    ['01/03/2023', '2023-03-01'],
    ['1/3/2023', '2023-03-01'],
    ['01\\03\\2023', '2023-03-01'],
    ['31.12.1999', '1999-12-31'],
    ['  7.7.2007  ', '2007-07-07'],
    ['01.01.0999', '0999-01-01'],
  ])('reads %s as %s', (text, expected) => {
    expect(parse(text)).toEqual({ value: expected, error: null });
  });

  it('reads a two-digit year of 50 or above as 19xx and below 50 as 20xx', () => {
    expect(valueOf('1.1.50')).toBe('1950-01-01');
    expect(valueOf('1.1.99')).toBe('1999-01-01');
    expect(valueOf('1.1.49')).toBe('2049-01-01');
    expect(valueOf('1.1.00')).toBe('2000-01-01');
    expect(valueOf('01/01/75')).toBe('1975-01-01');
  });

  it('takes day and month without a year as a date in the current year', () => {
    expect(valueOf('3.4.')).toBe('2024-04-03');
    expect(valueOf('3.4')).toBe('2024-04-03');
    expect(valueOf('03/04')).toBe('2024-04-03');
  });

  it('takes a pasted ISO date as it is', () => {
    expect(valueOf('2023-11-05')).toBe('2023-11-05');
    expect(parse('2023-02-30').error).toBe('invalid');
  });

  it.each([
    '1.3/2023', // mixed separators
    '1-3-2023',
    '1.3.202', // three-digit year
    '1.3.20234',
    '1.3.2', // one-digit year
    '123.3.2023',
    '1..2023',
    '.1.2023',
    'a.b.cccc',
    '1 .3.2023',
    'today',
    '15. März 2024',
  ])('refuses %s', (text) => {
    expect(parse(text)).toEqual({ value: null, error: 'invalid' });
  });
});

describe('parseDateInput: shortcuts +n, -n and 0', () => {
  it('answers today for 0', () => {
    expect(valueOf('0')).toBe(today);
    expect(valueOf(' 0 ')).toBe(today);
  });

  it.each([
    ['+1', '2024-02-16'],
    ['+14', '2024-02-29'],
    ['+15', '2024-03-01'],
    ['-15', '2024-01-31'],
    ['-46', '2023-12-31'],
    ['+366', '2025-02-15'],
    ['+0', today],
    ['-0', today],
    ['+00010', '2024-02-25'],
  ])('reads %s relative to today', (text, expected) => {
    expect(valueOf(text)).toBe(expected);
  });

  it('refuses a sign without days, two signs and more than five digits', () => {
    for (const text of ['+', '-', '+-1', '++1', '+123456', '+1d', '1+']) {
      expect(parse(text).error, text).toBe('invalid');
    }
  });
});

describe('parseDateInput: digits read as ddmmyy(yy)', () => {
  it('reads one or two digits as a day of the current month', () => {
    expect(valueOf('5')).toBe('2024-02-05');
    expect(valueOf('05')).toBe('2024-02-05');
    expect(valueOf('29')).toBe('2024-02-29');
    expect(parse('30').error).toBe('invalid'); // February 2024 has 29 days
    expect(parse('00').error).toBe('invalid');
  });

  it('reads four digits as ddmm of the current year', () => {
    expect(valueOf('0103')).toBe('2024-03-01');
    expect(valueOf('3112')).toBe('2024-12-31');
    expect(parse('3102').error).toBe('invalid');
    expect(parse('0113').error).toBe('invalid');
  });

  it('reads six digits as ddmmyy with the two-digit year rule', () => {
    expect(valueOf('010375')).toBe('1975-03-01');
    expect(valueOf('311249')).toBe('2049-12-31');
    expect(valueOf('010150')).toBe('1950-01-01');
    expect(parse('290223').error).toBe('invalid');
    expect(valueOf('290200')).toBe('2000-02-29');
  });

  it('reads eight digits as ddmmyyyy', () => {
    expect(valueOf('01032023')).toBe('2023-03-01');
    expect(valueOf('29021900')).toBeNull(); // 1900 was no leap year
    expect(valueOf('29022000')).toBe('2000-02-29');
    expect(parse('01010000').error).toBe('invalid');
  });

  it.each(['123', '12345', '1234567', '123456789'])('refuses %s digits (lengths 3, 5, 7 and above 8)', (text) => {
    expect(parse(text)).toEqual({ value: null, error: 'invalid' });
  });
});

describe('parseDateInput: real dates only', () => {
  it.each(['31.04.2023', '30.02.2024', '29.02.2023', '00.01.2023', '01.00.2023', '01.13.2023', '32.01.2023'])(
    'refuses %s',
    (text) => {
      expect(parse(text).error).toBe('invalid');
    },
  );

  it('accepts 29 February in leap years only', () => {
    expect(valueOf('29.02.2024')).toBe('2024-02-29');
    expect(valueOf('29.02.2000')).toBe('2000-02-29');
    expect(parse('29.02.2100').error).toBe('invalid');
  });
});

describe('parseDateInput: min and max', () => {
  it('accepts the bounds themselves', () => {
    expect(parse('01.01.2024', { min: '2024-01-01' }).value).toBe('2024-01-01');
    expect(parse('31.12.2024', { max: '2024-12-31' }).value).toBe('2024-12-31');
  });

  it('refuses a date before min or after max, shortcuts included', () => {
    expect(parse('31.12.2023', { min: '2024-01-01' })).toEqual({ value: null, error: 'beforeMin' });
    expect(parse('01.01.2025', { max: '2024-12-31' })).toEqual({ value: null, error: 'afterMax' });
    expect(parse('+1', { max: today })).toEqual({ value: null, error: 'afterMax' });
    expect(parse('-1', { min: today })).toEqual({ value: null, error: 'beforeMin' });
  });

  it('ignores empty bounds', () => {
    expect(parse('1.1.1900', { min: '', max: '' }).value).toBe('1900-01-01');
  });
});

describe('parseDateInput: empty input', () => {
  it('answers no value and no error for empty or blank text', () => {
    expect(parse('')).toEqual({ value: null, error: null });
    expect(parse('   ')).toEqual({ value: null, error: null });
  });

  it('insists on a real today', () => {
    expect(() => parseDateInput('1', { today: '2024-02-30' })).toThrow();
  });
});

describe('date helpers', () => {
  it('formats ISO dates as dd.mm.yyyy and leaves anything else alone', () => {
    expect(formatDateInput('2024-03-01')).toBe('01.03.2024');
    expect(formatDateInput('0999-12-31')).toBe('31.12.0999');
    expect(formatDateInput(null)).toBe('');
    expect(formatDateInput('')).toBe('');
    expect(formatDateInput('garbage')).toBe('garbage');
  });

  it('expands two-digit years', () => {
    expect([0, 49, 50, 99].map(expandTwoDigitYear)).toEqual([2000, 2049, 1950, 1999]);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('0001-01-01', -1)).toBeNull();
    expect(addDays('9999-12-31', 1)).toBeNull();
    expect(addDays('nonsense', 1)).toBeNull();
  });

  it('checks real dates', () => {
    expect(isRealDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 2023, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2023, month: 4, day: 31 })).toBe(false);
    expect(isRealDate({ year: 2023, month: 1.5, day: 1 })).toBe(false);
    expect(readIsoDate('2023-4-01')).toBeNull();
  });

  it('answers today in a time zone', () => {
    const instant = new Date('2024-06-30T22:30:00Z');
    expect(isoDateOf(instant, 'Europe/Zurich')).toBe('2024-07-01');
    expect(isoDateOf(instant, 'UTC')).toBe('2024-06-30');
  });

  it('keeps multiple dates unique and sorted, and a range in order', () => {
    expect(uniqueSortedDates(['2024-03-01', '2023-01-01', '2024-03-01'])).toEqual(['2023-01-01', '2024-03-01']);
    expect(orderedRange('2024-03-01', '2024-01-01')).toEqual(['2024-01-01', '2024-03-01']);
    expect(orderedRange('2024-01-01', null)).toEqual(['2024-01-01', null]);
  });
});

const realDate = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => toIsoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }));
const todayArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('properties', () => {
  it('parses every formatted date back to itself', () => {
    fc.assert(
      fc.property(realDate, todayArb, (date, base) => {
        expect(parseDateInput(formatDateInput(date), { today: base })).toEqual({ value: date, error: null });
      }),
    );
  });

  it('reads ddmmyyyy digits and every separator the same as the dotted form', () => {
    fc.assert(
      fc.property(realDate, fc.constantFrom('.', '/', '\\'), (date, separator) => {
        const dotted = formatDateInput(date);
        const options = { today };
        expect(parseDateInput(dotted.replaceAll('.', ''), options).value).toBe(date);
        expect(parseDateInput(dotted.replaceAll('.', separator), options).value).toBe(date);
      }),
    );
  });

  it('moves +n and -n days away from today and back', () => {
    fc.assert(
      fc.property(todayArb, fc.integer({ min: 0, max: 99_999 }), (base, days) => {
        const forward = parseDateInput(`+${days}`, { today: base }).value;
        fc.pre(forward !== null);
        expect(parseDateInput(`-${days}`, { today: forward ?? '' }).value).toBe(base);
      }),
    );
  });

  it('never answers a value outside min and max, and never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), realDate, realDate, (text, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const result = parseDateInput(text, { today, min, max });
        if (result.value !== null) {
          expect(result.value >= min && result.value <= max).toBe(true);
          expect(readIsoDate(result.value)).not.toBeNull();
        }
      }),
    );
  });
});
