import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combineDateTime,
  formatTimeInput,
  parseTimeInput,
  secondsOfTime,
  splitDateTime,
  timeOfDayOf,
  timeOfSeconds,
  timeOptions,
  toIsoWithoutMilliseconds,
} from './time-input';

const now = '14:30:00';
const parse = (text: string, extra: { min?: string; max?: string } = {}) => parseTimeInput(text, { now, ...extra });
const valueOf = (text: string) => parse(text).value;

describe('parseTimeInput: 24-hour times with : or .', () => {
  it.each([
    ['08:15', '08:15:00'],
    ['8:15', '08:15:00'],
    ['8.15', '08:15:00'],
    ['23:59', '23:59:00'],
    ['00:00', '00:00:00'],
    ['12:34:56', '12:34:56'],
    ['12.34.56', '12:34:56'],
    ['7:05:09', '07:05:09'],
    [' 18:00 ', '18:00:00'],
  ])('reads %s as %s', (text, expected) => {
    expect(parse(text)).toEqual({ value: expected, error: null });
  });

  it.each(['24:00', '12:60', '12:30:60', '8:5', '12:30.15', '12::30', '123:00', 'noon', '12:3a', '-1:00'])(
    'refuses %s',
    (text) => {
      expect(parse(text)).toEqual({ value: null, error: 'invalid' });
    },
  );
});

describe('parseTimeInput: digits', () => {
  it.each([
    ['8', '08:00:00'],
    ['08', '08:00:00'],
    ['23', '23:00:00'],
    ['930', '09:30:00'],
    ['0930', '09:30:00'],
    ['1745', '17:45:00'],
    ['174530', '17:45:30'],
    ['000000', '00:00:00'],
  ])('reads %s as %s', (text, expected) => {
    expect(valueOf(text)).toBe(expected);
  });

  it.each(['24', '960', '2400', '1260', '12345', '126000', '123060', '1234567'])('refuses %s', (text) => {
    expect(parse(text).error).toBe('invalid');
  });
});

describe('parseTimeInput: shortcuts +n and -n with h, m or s', () => {
  it.each([
    ['+1h', '15:30:00'],
    ['-2h', '12:30:00'],
    ['+15m', '14:45:00'],
    ['-45m', '13:45:00'],
    ['+30s', '14:30:30'],
    ['-1s', '14:29:59'],
    ['+0m', '14:30:00'],
    ['+2 H', '16:30:00'],
    ['+ 90M', '16:00:00'],
  ])('reads %s relative to now', (text, expected) => {
    expect(valueOf(text)).toBe(expected);
  });

  it('wraps around midnight', () => {
    expect(valueOf('+10h')).toBe('00:30:00');
    expect(valueOf('-15h')).toBe('23:30:00');
    expect(valueOf('+48h')).toBe('14:30:00');
  });

  it('refuses a shortcut without a unit or with another unit', () => {
    for (const text of ['+1', '-5', '+1d', '+h', '1h', '+12345m']) {
      expect(parse(text).error, text).toBe('invalid');
    }
  });
});

describe('parseTimeInput: min and max', () => {
  it('keeps a time within the bounds, the bounds included', () => {
    expect(parse('08:00', { min: '08:00', max: '17:00' }).value).toBe('08:00:00');
    expect(parse('17:00', { min: '08:00', max: '17:00' }).value).toBe('17:00:00');
  });

  it('empties a time outside min and max', () => {
    expect(parse('07:59', { min: '08:00' })).toEqual({ value: null, error: 'outOfRange' });
    expect(parse('17:00:01', { max: '17:00' })).toEqual({ value: null, error: 'outOfRange' });
    expect(parse('+3h', { max: '17:00' })).toEqual({ value: null, error: 'outOfRange' });
  });
});

describe('parseTimeInput: empty input', () => {
  it('answers no value and no error', () => {
    expect(parse('')).toEqual({ value: null, error: null });
    expect(parse('  ')).toEqual({ value: null, error: null });
  });

  it('insists on a real now', () => {
    expect(() => parseTimeInput('+1h', { now: '25:00' })).toThrow();
  });
});

describe('time helpers', () => {
  it('formats HH:mm, with seconds only when they are not zero', () => {
    expect(formatTimeInput('08:15:00')).toBe('08:15');
    expect(formatTimeInput('08:15:30')).toBe('08:15:30');
    expect(formatTimeInput('08:15')).toBe('08:15');
    expect(formatTimeInput(null)).toBe('');
    expect(formatTimeInput('later')).toBe('later');
  });

  it('converts between seconds and times', () => {
    expect(secondsOfTime('01:01:01')).toBe(3661);
    expect(secondsOfTime('1:01')).toBeNull();
    expect(timeOfSeconds(-1)).toBe('23:59:59');
    expect(timeOfSeconds(86_400)).toBe('00:00:00');
  });

  it('offers a choice every 5 minutes', () => {
    const options = timeOptions();
    expect(options).toHaveLength(288);
    expect(options.slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
    expect(options.at(-1)).toBe('23:55');
    expect(timeOptions(30)).toHaveLength(48);
  });

  it('writes UTC ISO strings without milliseconds', () => {
    expect(toIsoWithoutMilliseconds(new Date('2024-06-01T16:30:12.345Z'))).toBe('2024-06-01T16:30:12Z');
  });

  it('combines a Zurich date and time into UTC, summer and winter', () => {
    expect(combineDateTime('2024-06-01', '18:30:00', 'Europe/Zurich')).toBe('2024-06-01T16:30:00Z');
    expect(combineDateTime('2024-01-15', '18:30:00', 'Europe/Zurich')).toBe('2024-01-15T17:30:00Z');
    expect(combineDateTime('2024-01-01', '00:30:00', 'Europe/Zurich')).toBe('2023-12-31T23:30:00Z');
    expect(combineDateTime('2024-06-01', '18:30:00', 'UTC')).toBe('2024-06-01T18:30:00Z');
  });

  it('handles the days the clocks change', () => {
    // 31 March 2024 02:00 -> 03:00 and 27 October 2024 03:00 -> 02:00 in Zurich.
    expect(combineDateTime('2024-03-31', '03:30:00', 'Europe/Zurich')).toBe('2024-03-31T01:30:00Z');
    expect(combineDateTime('2024-03-31', '01:30:00', 'Europe/Zurich')).toBe('2024-03-31T00:30:00Z');
    expect(combineDateTime('2024-10-27', '04:00:00', 'Europe/Zurich')).toBe('2024-10-27T03:00:00Z');
  });

  it('refuses to combine invalid parts', () => {
    expect(combineDateTime('2024-02-30', '10:00:00')).toBeNull();
    expect(combineDateTime('2024-02-10', '25:00:00')).toBeNull();
  });

  it('splits a UTC date-time into the wall clock of a zone', () => {
    expect(splitDateTime('2024-06-01T22:30:00Z', 'Europe/Zurich')).toEqual({ date: '2024-06-02', time: '00:30:00' });
    expect(splitDateTime('2024-06-01T22:30:00.000Z', 'UTC')).toEqual({ date: '2024-06-01', time: '22:30:00' });
    expect(splitDateTime('not a date')).toBeNull();
    expect(timeOfDayOf(new Date('2024-01-15T17:05:09Z'), 'Europe/Zurich')).toBe('18:05:09');
  });
});

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m, s]) => timeOfSeconds(h * 3600 + m * 60 + s));

describe('properties', () => {
  it('parses every formatted time back to itself', () => {
    fc.assert(
      fc.property(time, time, (value, base) => {
        expect(parseTimeInput(formatTimeInput(value), { now: base })).toEqual({ value, error: null });
      }),
    );
  });

  it('reads hhmmss digits and the . separator the same as the : form', () => {
    fc.assert(
      fc.property(time, (value) => {
        expect(parseTimeInput(value.replaceAll(':', ''), { now }).value).toBe(value);
        expect(parseTimeInput(value.replaceAll(':', '.'), { now }).value).toBe(value);
      }),
    );
  });

  it('combines what it split back to the same wall clock, in any zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('UTC', 'Europe/Zurich', 'America/New_York', 'Asia/Kolkata'),
        (instant, zone) => {
          const iso = toIsoWithoutMilliseconds(instant);
          const parts = splitDateTime(iso, zone);
          expect(parts).not.toBeNull();
          const combined = combineDateTime(parts?.date ?? '', parts?.time ?? '', zone);
          // The hour the clocks go back happens twice: either instant shows the same wall clock.
          expect(splitDateTime(combined ?? '', zone)).toEqual(parts);
        },
      ),
    );
  });

  it('never answers a time outside min and max, and never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), time, time, (text, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const result = parseTimeInput(text, { now, min, max });
        if (result.value !== null) expect(result.value >= min && result.value <= max).toBe(true);
      }),
    );
  });
});
