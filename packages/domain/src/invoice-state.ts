import { InvoiceState, openInvoiceStates } from './enums/invoice';

/**
 * Issue 17: an issued invoice's state follows what has been paid: nothing → issued, less than
 * the total → partly paid, the total or more → paid (the surplus is shown). Cancelled and draft
 * stay as they are.
 */
export function stateAfterPayments(totalCentimes: number, paidCentimes: number): InvoiceState {
  if (paidCentimes >= totalCentimes) return InvoiceState.paid;
  if (paidCentimes > 0) return InvoiceState.partlyPaid;
  return InvoiceState.issued;
}

export const openCentimes = (invoice: { totalCentimes: number; paidCentimes: number; state: number }) =>
  invoice.state === InvoiceState.cancelled ? 0 : Math.max(0, invoice.totalCentimes - invoice.paidCentimes);

export const surplusCentimes = (invoice: { totalCentimes: number; paidCentimes: number }) =>
  Math.max(0, invoice.paidCentimes - invoice.totalCentimes);

/** Due date passed (before `today`) and still open. */
export const isOverdue = (invoice: { state: number; dueDate: string }, today: string) =>
  (openInvoiceStates as readonly number[]).includes(invoice.state) && invoice.dueDate < today;

/** Only an invoice nothing has been paid on can be cancelled (a correction is a new invoice). */
export const isCancellable = (invoice: { state: number; paidCentimes: number }) =>
  (invoice.state === InvoiceState.issued || invoice.state === InvoiceState.draft) && invoice.paidCentimes === 0;
