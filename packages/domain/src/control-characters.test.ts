import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { controlCharacterPaths, hasControlCharacter, refusingControlCharacters } from './control-characters';
import { isDateTimeInRange, isIsoDateInRange, isoDate, isoDateTime } from './validation';

describe('control characters', () => {
  it('finds NUL and the other controls, but lets tab and line breaks through', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001b[31m', 'a\u007f', 'a\u000bb', 'a\u000cb']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['', 'Zoë Müller', 'a\tb', 'line 1\nline 2', 'a\r\nb', '𝕏', '\u00a0']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the path of every string that holds one, object keys included', () => {
    const value = { a: 'ok', b: ['x', 'y\u0000'], c: { d: '\u0001' }, 'e\u0000': 1, f: 3, g: null };
    expect(controlCharacterPaths(value)).toEqual([['b', 1], ['c', 'd'], ['e\u0000']]);
  });

  it('refuses them before the schema with the generic invalid code', () => {
    const schema = refusingControlCharacters(z.object({ name: z.string(), age: z.number() }));
    const result = schema.safeParse({ name: 'a\u0000b', age: 'x' });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[['name'], 'invalid']]);
    expect(schema.safeParse({ name: 'Anna', age: 3 }).data).toEqual({ name: 'Anna', age: 3 });
  });
});

describe('the range of dates (1900-01-01 to 2199-12-31)', () => {
  it('takes the days inside and refuses the ones outside', () => {
    for (const date of ['1900-01-01', '1970-06-15', '2199-12-31']) expect(isIsoDateInRange(date), date).toBe(true);
    for (const date of ['0000-01-01', '0001-01-01', '1899-12-31', '2200-01-01', '9999-12-31', '10000-01-01']) {
      expect(isIsoDateInRange(date), date).toBe(false);
      expect(isoDate().safeParse(date).error?.issues[0]?.message, date).toBe('date');
    }
  });

  it('bounds date-times by their UTC day', () => {
    expect(isDateTimeInRange('1900-01-01T00:00:00Z')).toBe(true);
    expect(isDateTimeInRange('2199-12-31T23:59:59Z')).toBe(true);
    expect(isDateTimeInRange('1900-01-01T00:30:00+01:00')).toBe(false); // 1899-12-31 in UTC
    for (const value of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2200-01-01T00:00:00Z']) {
      expect(isoDateTime().safeParse(value).error?.issues[0]?.message, value).toBe('date');
    }
  });
});
