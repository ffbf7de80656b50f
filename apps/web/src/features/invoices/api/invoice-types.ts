import type { FeeRunPreview, InvoiceDetail } from '@bpw/domain/schemas/invoice';
import type { BankCredit } from '@bpw/domain/schemas/payment';

/**
 * Issue 17: the answers of the invoice API (/tmp/helpers/invoices-contract.md; the shapes are the
 * domain's schemas). Money in integer centimes, currency CHF.
 */
export type {
  FeeRun,
  FeeRunPreview,
  FeeSchedule,
  FeeScheduleBody,
  InvoiceClubs,
  InvoiceDetail,
  InvoiceListItem,
  InvoiceSettings,
  InvoiceSettingsBody,
  NationalFee,
  NationalFeeBody,
  PrintBatch,
} from '@bpw/domain/schemas/invoice';
export type {
  InvoiceTotals,
  PaymentImport,
  ReminderPreview,
  ReminderRun,
  EventInvoicePreview,
} from '@bpw/domain/schemas/payment';

export type Paged<T> = { items: T[]; total: number };
export type FeeRunOmitted = FeeRunPreview['omitted']['items'][number];
export type PostalParty = InvoiceDetail['creditor'];
/** GET payment/unmatched: the credits no reference matched. */
export type UnmatchedCredit = BankCredit;
