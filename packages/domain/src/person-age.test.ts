import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addYears, ageOn, isPlusOn, isYoungOn, nextBirthdayOn, plusFrom, youngUntil } from './person-age';

describe('young and plus (spec 01 §4)', () => {
  it('keeps a person young until 31 December of her birth year plus 35, not a day longer', () => {
    expect(youngUntil('1990-06-15')).toBe('2025-12-31');
    expect(isYoungOn('1990-06-15', '2025-12-31')).toBe(true);
    expect(isYoungOn('1990-06-15', '2026-01-01')).toBe(false);
    // Born on 31 December or 1 January: the same last day, whatever the birthday within the year.
    expect(isYoungOn('1990-12-31', '2025-12-31')).toBe(true);
    expect(isYoungOn('1990-01-01', '2025-12-31')).toBe(true);
    expect(isYoungOn('1990-12-31', '2026-01-01')).toBe(false);
    expect(isYoungOn('1991-01-01', '2026-01-01')).toBe(true);
  });

  it('makes a person plus from her 64th birthday on', () => {
    expect(plusFrom('1960-03-10')).toBe('2024-03-10');
    expect(isPlusOn('1960-03-10', '2024-03-09')).toBe(false);
    expect(isPlusOn('1960-03-10', '2024-03-10')).toBe(true);
  });

  it('counts 29 February as 28 February in common years', () => {
    expect(addYears('1996-02-29', 1)).toBe('1997-02-28');
    expect(addYears('1996-02-29', 4)).toBe('2000-02-29');
    expect(addYears('1996-02-29', 104)).toBe('2100-02-28');
    expect(plusFrom('1936-02-29')).toBe('2000-02-29');
    expect(nextBirthdayOn('2000-02-29', '2027-02-01')).toEqual({ date: '2027-02-28', age: 27 });
    expect(nextBirthdayOn('2000-02-29', '2028-02-01')).toEqual({ date: '2028-02-29', age: 28 });
    expect(ageOn('2000-02-29', '2027-02-27')).toBe(26);
    expect(ageOn('2000-02-29', '2027-02-28')).toBe(27);
  });

  it('finds the next birthday across the year end, today included', () => {
    expect(nextBirthdayOn('1980-01-03', '2026-12-20')).toEqual({ date: '2027-01-03', age: 47 });
    expect(nextBirthdayOn('1980-12-20', '2026-12-20')).toEqual({ date: '2026-12-20', age: 46 });
    expect(nextBirthdayOn('1980-12-19', '2026-12-20')).toEqual({ date: '2027-12-19', age: 47 });
  });

  it('is young exactly while the year of the day is at most birth year + 35', () => {
    const day = fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (birthday, on) => {
        expect(isYoungOn(birthday, on)).toBe(Number(on.slice(0, 4)) <= Number(birthday.slice(0, 4)) + 35);
        if (on >= birthday)
          expect(ageOn(birthday, nextBirthdayOn(birthday, on).date)).toBe(nextBirthdayOn(birthday, on).age);
      }),
    );
  });
});
