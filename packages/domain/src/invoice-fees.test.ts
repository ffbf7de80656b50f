import { describe, expect, it } from 'vitest';
import { MembershipType } from './enums/membership-type';
import { clubFeeFor, dueDateFor, formatChf, isActiveInYear, isYoungForFeeYear, nationalFeeFor } from './invoice-fees';

const schedule = { singleCentimes: 15000, collectiveCentimes: 30000, companyCentimes: 50000, youngCentimes: 7500 };

describe('club fee', () => {
  it('takes the amount of the member type', () => {
    expect(clubFeeFor(schedule, MembershipType.single, false)).toBe(15000);
    expect(clubFeeFor(schedule, MembershipType.singleNoFee, false)).toBe(0);
    expect(clubFeeFor(schedule, MembershipType.collective, false)).toBe(30000);
    expect(clubFeeFor(schedule, MembershipType.company, true)).toBe(50000);
    expect(clubFeeFor(schedule, MembershipType.board, false)).toBe(0);
  });

  it('reduces a young single member, never above the full amount', () => {
    expect(clubFeeFor(schedule, MembershipType.single, true)).toBe(7500);
    expect(clubFeeFor({ ...schedule, youngCentimes: null }, MembershipType.single, true)).toBe(15000);
    expect(clubFeeFor({ ...schedule, youngCentimes: 99999 }, MembershipType.single, true)).toBe(15000);
  });
});

describe('national fee', () => {
  const fee = { amountCentimes: 4000, youngCentimes: 2000 };
  it('is levied on every paying member type, reduced for young singles', () => {
    expect(nationalFeeFor(fee, MembershipType.single, false)).toBe(4000);
    expect(nationalFeeFor(fee, MembershipType.single, true)).toBe(2000);
    expect(nationalFeeFor(fee, MembershipType.company, true)).toBe(4000);
    expect(nationalFeeFor(fee, MembershipType.singleNoFee, false)).toBe(0);
    expect(nationalFeeFor(null, MembershipType.single, false)).toBe(0);
  });
});

describe('fee year rules', () => {
  it('is young until 31 December of the birth year + 35, at 1 January of the fee year', () => {
    expect(isYoungForFeeYear('1992-06-30', 2027)).toBe(true);
    expect(isYoungForFeeYear('1991-06-30', 2027)).toBe(false);
    expect(isYoungForFeeYear(null, 2027)).toBe(false);
  });

  it('counts a relation active when it overlaps the year', () => {
    expect(isActiveInYear({ from: '2026-05-01', to: null }, 2027)).toBe(true);
    expect(isActiveInYear({ from: '2027-12-31', to: null }, 2027)).toBe(true);
    expect(isActiveInYear({ from: '2020-01-01', to: '2026-12-31' }, 2027)).toBe(false);
    expect(isActiveInYear({ from: '2028-01-01', to: null }, 2027)).toBe(false);
  });

  it('adds the payment terms to the issue date', () => {
    expect(dueDateFor('2027-01-15', 30)).toBe('2027-02-14');
    expect(dueDateFor('2027-12-15', 30)).toBe('2028-01-14');
  });

  it('formats francs', () => {
    expect(formatChf(123450)).toBe("1'234.50");
    expect(formatChf(5)).toBe('0.05');
  });
});
