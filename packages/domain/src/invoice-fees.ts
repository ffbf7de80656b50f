import { MembershipType, isMemberType } from './enums/membership-type';
import { isYoungOn } from './person-age';

/**
 * Issue 17: who owes which fee for a year (docs/decisions/invoices.md). Amounts in centimes.
 * The young reduction and the national fee follow the person's member type in the club:
 * singleNoFee pays nothing; the young amount replaces the single amount (when lower) for a
 * single member who is young on 1 January of the fee year.
 */
export type FeeScheduleAmounts = {
  singleCentimes: number;
  collectiveCentimes: number;
  companyCentimes: number;
  youngCentimes: number | null;
};
export type NationalFeeAmounts = { amountCentimes: number; youngCentimes: number | null };

/** Why a person is left out of a fee run. */
export const feeRunOmissionReasons = ['noFee', 'alreadyInvoiced', 'noAddress', 'notActive'] as const;
export type FeeRunOmissionReason = (typeof feeRunOmissionReasons)[number];

/**
 * Issue 25: why a new member's first invoice (offered when her application is accepted) was not
 * made: the fee run's reasons, or the club cannot invoice the year (no settings, no schedule).
 */
export const firstInvoiceOmissionReasons = [...feeRunOmissionReasons, 'noSettings', 'noSchedule'] as const;
export type FirstInvoiceOmissionReason = (typeof firstInvoiceOmissionReasons)[number];

/** The fee year of her first invoice: this year, or the year her membership begins when that is later. */
export const firstFeeYear = (from: string, today: string) =>
  Math.max(Number(today.slice(0, 4)), Number(from.slice(0, 4)));

export const feeYearStart = (year: number) => `${String(year).padStart(4, '0')}-01-01`;
export const feeYearEnd = (year: number) => `${String(year).padStart(4, '0')}-12-31`;

/** Young on 1 January of the fee year (the domain's young rule); no birthday: not young. */
export const isYoungForFeeYear = (birthday: string | null, year: number) =>
  birthday !== null && isYoungOn(birthday, feeYearStart(year));

const reduced = (full: number, young: number | null, isYoung: boolean) =>
  isYoung && young !== null ? Math.min(full, young) : full;

/** The club's fee for a member type; 0 for singleNoFee and for types that are not member types. */
export function clubFeeFor(schedule: FeeScheduleAmounts, type: number, isYoung: boolean): number {
  if (!isMemberType(type)) return 0;
  switch (type) {
    case MembershipType.single:
      return reduced(schedule.singleCentimes, schedule.youngCentimes, isYoung);
    case MembershipType.collective:
      return schedule.collectiveCentimes;
    case MembershipType.company:
      return schedule.companyCentimes;
    default:
      return 0;
  }
}

/** The national fee for a member type: nothing for singleNoFee, the young amount for young singles. */
export function nationalFeeFor(fee: NationalFeeAmounts | null, type: number, isYoung: boolean): number {
  if (!fee || !isMemberType(type) || type === MembershipType.singleNoFee) return 0;
  return reduced(fee.amountCentimes, fee.youngCentimes, isYoung && type === MembershipType.single);
}

/** A relation [from, to] overlaps the fee year. */
export const isActiveInYear = (relation: { from: string; to: string | null }, year: number) =>
  relation.from <= feeYearEnd(year) && (relation.to === null || relation.to >= feeYearStart(year));

/** The due date: the issue date plus the payment terms in days (YYYY-MM-DD, UTC calendar). */
export function dueDateFor(issueDate: string, termDays: number): string {
  const date = new Date(`${issueDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + termDays);
  return date.toISOString().slice(0, 10);
}

/** CHF from centimes with two decimals and the Swiss apostrophe grouping: 1'234.50. */
export function formatChf(centimes: number): string {
  const negative = centimes < 0;
  const abs = Math.abs(centimes);
  const francs = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  return `${negative ? '-' : ''}${francs}.${String(abs % 100).padStart(2, '0')}`;
}
