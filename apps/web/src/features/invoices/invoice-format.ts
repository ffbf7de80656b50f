import { formatDateInput } from '@bpw/domain/date-input';
import { invoiceStateLabelKey, type InvoiceState } from '@bpw/domain/enums/invoice';
import type { TFunction } from 'i18next';
import { formatMoney } from './money';

/** Dates as the rest of the app shows them: dd.mm.yyyy (the date input's format). */
export const formatDay = (date: string | null | undefined) => formatDateInput(date);

/** Centimes as CHF in the UI locale. */
export const chf = (centimes: number, locale: string) => formatMoney(centimes, locale);

export const stateLabel = (t: TFunction, state: InvoiceState) => t(invoiceStateLabelKey(state));

/** The years a finance person chooses from: next year back to five years ago, newest first. */
export function yearChoices(today = new Date()): number[] {
  const current = today.getFullYear();
  return Array.from({ length: 7 }, (_, index) => current + 1 - index);
}

/** A UTC ISO date-time as dd.mm.yyyy hh:mm on the browser's clock (as the person pages show them). */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}
