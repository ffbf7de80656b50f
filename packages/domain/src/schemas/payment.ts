import { z } from 'zod';
import { enumQuerySchema } from '../enums/enum-helpers';
import { invoiceStateEnum } from '../enums/invoice';
import { isoDate, optionalText, ValidationCode } from '../validation';
import { pagingQuery, queryBoolean, queryInteger, queryList, sortQuery, uuidValue } from './query-params';

/**
 * Issue 17, the payments helper's routes (contract routes 21-31, docs/decisions/invoices.md
 * "Payments"): invoice lists, totals and export, manual payments, camt.054 imports, unmatched
 * credits, reminder runs and event invoice runs. Money in integer centimes.
 */
const c = ValidationCode;

/** The invoice list's sorts, each backed by an index (invoices_club_*_idx). */
export const invoiceSortKeys = ['number', 'name', 'dueDate', 'issueDate', 'total', 'state'] as const;
export type InvoiceSortKey = (typeof invoiceSortKeys)[number];

const invoiceFilters = {
  ClubId: queryList(uuidValue()),
  Year: queryInteger({ max: 2199 }).optional(),
  State: queryList(enumQuerySchema(invoiceStateEnum)),
  Overdue: queryBoolean().optional(),
  Search: z.string({ error: c.invalid }).trim().max(100, { error: c.tooLong }).optional(),
};

/** GET invoice: filters, one sort (default number, newest first), paging. */
export const invoiceListQuerySchema = z.object({
  ...invoiceFilters,
  ...sortQuery(invoiceSortKeys),
  ...pagingQuery(20),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

/** GET invoice-export: the list's filters and sort, every row. */
export const invoiceExportQuerySchema = z.object({ ...invoiceFilters, ...sortQuery(invoiceSortKeys) });
export type InvoiceExportQuery = z.output<typeof invoiceExportQuerySchema>;

/** GET invoice-totals. */
export const invoiceTotalsQuerySchema = z.object({
  ClubId: queryList(uuidValue()),
  Year: queryInteger({ max: 2199 }).optional(),
});
export const invoiceTotalsSchema = z.object({
  items: z.array(
    z.object({
      year: z.number().int(),
      invoiceCount: z.number().int(),
      totalCentimes: z.number().int(),
      paidCentimes: z.number().int(),
      openCentimes: z.number().int(),
      overdueCentimes: z.number().int(),
    }),
  ),
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

const centimes = () =>
  z
    .number({ error: c.number })
    .int({ error: c.integer })
    .min(1, { error: c.invalid })
    .max(100_000_000, { error: c.invalid });

/** POST invoice/{id}/payment: a payment booked by hand. */
export const manualPaymentBodySchema = z.object({
  amountCentimes: centimes(),
  paidOn: isoDate(),
  note: optionalText(500),
});
export type ManualPaymentBody = z.input<typeof manualPaymentBodySchema>;

/** The multipart field of POST payment-import. */
export const paymentImportField = 'file';
export const paymentImportQuerySchema = z.object({ ClubId: uuidValue().optional() });

/** A camt.054 import and what it booked; `notes` are localised summary lines. */
export const paymentImportSchema = z.object({
  id: z.uuid(),
  clubId: z.uuid().nullable(),
  fileName: z.string().nullable(),
  format: z.string(),
  messageId: z.string().nullable(),
  creditCount: z.number().int(),
  matchedCount: z.number().int(),
  unmatchedCount: z.number().int(),
  duplicateCount: z.number().int(),
  partlyPaidCount: z.number().int(),
  surplusCount: z.number().int(),
  skippedCount: z.number().int(),
  totalCentimes: z.number().int(),
  jobId: z.uuid().nullable(),
  createdAt: z.string(),
  notes: z.array(z.string()),
});
export type PaymentImport = z.infer<typeof paymentImportSchema>;

export const paymentImportListQuerySchema = z.object({ ClubId: uuidValue().optional(), ...pagingQuery(20) });

export const bankCreditStates = ['matched', 'unmatched', 'assigned', 'ignored'] as const;
export const unmatchedReasons = ['noReference', 'unknownReference', 'cancelledInvoice', 'currency'] as const;

/** One credit of a bank file, with the invoice it was booked to. */
export const bankCreditSchema = z.object({
  id: z.uuid(),
  importId: z.uuid(),
  clubId: z.uuid().nullable(),
  reference: z.string().nullable(),
  referenceType: z.string().nullable(),
  amountCentimes: z.number().int(),
  bookingDate: z.string().nullable(),
  debtorName: z.string().nullable(),
  unstructuredText: z.string().nullable(),
  state: z.enum(bankCreditStates),
  unmatchedReason: z.enum(unmatchedReasons).nullable(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type BankCredit = z.infer<typeof bankCreditSchema>;

export const paymentImportDetailSchema = paymentImportSchema.extend({
  credits: z.object({ items: z.array(bankCreditSchema), total: z.number().int() }),
});

export const unmatchedListQuerySchema = z.object({ ClubId: uuidValue().optional(), ...pagingQuery(20) });
export const assignCreditBodySchema = z.object({ invoiceId: uuidValue() });

/** Reminder levels: first and second reminder. */
export const reminderLevelQuery = () => z.enum(['1', '2'], { error: c.invalid }).transform(Number);
export const reminderPreviewQuerySchema = z.object({
  ClubId: uuidValue(),
  Level: reminderLevelQuery(),
  ...pagingQuery(20),
});
export const reminderOmissionReasons = ['alreadyReminded', 'noFirstReminder', 'firstReminderNotDue'] as const;
export const reminderPreviewSchema = z.object({
  clubId: z.uuid(),
  level: z.number().int(),
  reminderCount: z.number().int(),
  openCentimes: z.number().int(),
  mailCount: z.number().int(),
  printCount: z.number().int(),
  omittedByReason: z.record(z.enum(reminderOmissionReasons), z.number().int()),
  omitted: z.object({
    items: z.array(
      z.object({
        invoiceId: z.uuid(),
        number: z.string(),
        recipientName: z.string(),
        dueDate: z.string(),
        reminderLevel: z.number().int(),
        reason: z.enum(reminderOmissionReasons),
      }),
    ),
    total: z.number().int(),
  }),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

export const reminderRunBodySchema = z.object({
  clubId: uuidValue(),
  level: z.union([z.literal(1), z.literal(2)], { error: c.invalid }),
});
export const reminderRunSchema = z.object({
  id: z.uuid(),
  clubId: z.uuid(),
  level: z.number().int(),
  overdueBefore: z.string(),
  reminderCount: z.number().int(),
  jobId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type ReminderRun = z.infer<typeof reminderRunSchema>;
export const reminderRunListQuerySchema = z.object({ ClubId: uuidValue().optional(), ...pagingQuery(20) });

/**
 * Event invoice run: the event's `cost` is free text (spec 02), so the price per registration is
 * given with the run (preview query `AmountCentimes`, run body `amountCentimes`).
 */
export const eventInvoicePreviewQuerySchema = z.object({
  AmountCentimes: queryInteger({ max: 100_000_000 }),
});
export const eventInvoiceRunBodySchema = z.object({ amountCentimes: centimes() });
export const eventInvoiceOmissionReasons = ['alreadyInvoiced', 'notConfirmed', 'noAddress'] as const;
/** At most this many left-out registrations are named in the preview (the counts are complete). */
export const EVENT_INVOICE_OMITTED_LISTED = 200;
export const eventInvoicePreviewSchema = z.object({
  eventId: z.uuid(),
  clubId: z.uuid(),
  invoiceCount: z.number().int(),
  totalCentimes: z.number().int(),
  omittedByReason: z.record(z.enum(eventInvoiceOmissionReasons), z.number().int()),
  /** Who is left out and why, in registration order (the first EVENT_INVOICE_OMITTED_LISTED). */
  omitted: z.array(
    z.object({ registrationId: z.uuid(), name: z.string(), reason: z.enum(eventInvoiceOmissionReasons) }),
  ),
});
export type EventInvoicePreview = z.infer<typeof eventInvoicePreviewSchema>;
export const eventInvoiceRunSchema = z.object({ jobId: z.uuid().nullable(), invoiceCount: z.number().int() });
export type EventInvoiceRun = z.infer<typeof eventInvoiceRunSchema>;
