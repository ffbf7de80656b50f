import { z } from 'zod';
import { invoiceDeliverySchema, invoiceStateSchema } from '../enums/invoice';
import { feeRunOmissionReasons } from '../invoice-fees';
import { isValidIban, normalizeIban } from '../invoice-reference';
import { ValidationCode, countryCodeOrHome, optionalLine, requiredLine } from '../validation';
import { pagedSchema, pagingQuery, queryInteger, uuidValue } from './query-params';

/**
 * Issue 17: the invoices feature's shapes (/tmp contract, docs/decisions/invoices.md). Money is
 * integer centimes, currency CHF.
 */
const c = ValidationCode;

/** Centimes: a whole number from 0 to 1,000,000 francs. */
const centimes = () =>
  z
    .number({ error: c.number })
    .int({ error: c.integer })
    .min(0, { error: c.invalid })
    .max(100_000_000, { error: c.invalid });

export const FEE_YEAR_MIN = 2000;
export const FEE_YEAR_MAX = 2199;
const feeYear = () =>
  z
    .number({ error: c.integer })
    .int({ error: c.integer })
    .min(FEE_YEAR_MIN, { error: c.invalid })
    .max(FEE_YEAR_MAX, { error: c.invalid });

/** A year in a path or query (digits). */
export const feeYearParam = () =>
  queryInteger({ max: FEE_YEAR_MAX }).pipe(z.number().min(FEE_YEAR_MIN, { error: c.invalid }));

const referenceType = z.enum(['QRR', 'SCOR']);
const invoiceState = invoiceStateSchema;
const invoiceDelivery = invoiceDeliverySchema;

// --- invoice settings ---

/** PUT club/{id}/invoice-settings and PUT invoice-settings: the creditor (S address) and account. */
export const invoiceSettingsBodySchema = z.object({
  creditorName: requiredLine(70),
  street: optionalLine(70),
  buildingNumber: optionalLine(16),
  zip: requiredLine(16),
  city: requiredLine(35),
  countryCode: countryCodeOrHome(),
  iban: z
    .string({ error: c.required })
    .transform(normalizeIban)
    .refine((v) => v.length > 0, { error: c.required })
    .refine(isValidIban, { error: c.invalid }),
  paymentTermDays: z.number({ error: c.integer }).int({ error: c.integer }).min(0, { error: c.invalid }).max(365, {
    error: c.invalid,
  }),
});
export type InvoiceSettingsBody = z.input<typeof invoiceSettingsBodySchema>;

export const invoiceSettingsSchema = z.object({
  clubId: z.string().nullable(),
  creditorName: z.string(),
  street: z.string().nullable(),
  buildingNumber: z.string().nullable(),
  zip: z.string(),
  city: z.string(),
  countryCode: z.string(),
  iban: z.string(),
  isQrIban: z.boolean(),
  referenceType,
  paymentTermDays: z.number().int(),
  updatedAt: z.string(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

/** GET invoice-clubs: the clubs whose invoices the caller manages (admins: all). */
export const invoiceClubsSchema = z.object({
  isAllClubs: z.boolean(),
  clubs: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type InvoiceClubs = z.infer<typeof invoiceClubsSchema>;

// --- fee schedule, national fee ---

export const feeScheduleBodySchema = z.object({
  singleCentimes: centimes(),
  collectiveCentimes: centimes(),
  companyCentimes: centimes(),
  youngCentimes: centimes().nullable(),
});
export type FeeScheduleBody = z.infer<typeof feeScheduleBodySchema>;

export const feeScheduleSchema = feeScheduleBodySchema.extend({
  clubId: z.string(),
  year: z.number().int(),
  updatedAt: z.string(),
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;
export const feeScheduleListSchema = pagedSchema(feeScheduleSchema);

export const nationalFeeBodySchema = z.object({ amountCentimes: centimes(), youngCentimes: centimes().nullable() });
export type NationalFeeBody = z.infer<typeof nationalFeeBodySchema>;
export const nationalFeeSchema = nationalFeeBodySchema.extend({ year: z.number().int(), updatedAt: z.string() });
export type NationalFee = z.infer<typeof nationalFeeSchema>;
export const nationalFeeListSchema = pagedSchema(nationalFeeSchema);

/**
 * A year in a path: any short text here; a text that is no year from 2000 to 2199 names no
 * resource, so the service answers 404 for it (`parseFeeYear`), as for an unknown id.
 */
const yearPath = () => z.string().max(64, { error: c.tooLong });
export const clubYearParamsSchema = z.object({ id: uuidValue(), year: yearPath() });
export const yearParamsSchema = z.object({ year: yearPath() });

/** A path's year, or undefined when it is none (2000 to 2199, digits only). */
export function parseFeeYear(value: string): number | undefined {
  if (!/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= FEE_YEAR_MIN && year <= FEE_YEAR_MAX ? year : undefined;
}
export const yearListQuerySchema = z.object(pagingQuery(20));

// --- fee runs ---

export const feeRunPreviewQuerySchema = z.object({
  Year: feeYearParam(),
  ClubId: uuidValue().optional(),
  Reason: z.enum(feeRunOmissionReasons, { error: c.invalid }).optional(),
  ...pagingQuery(50),
});

export const feeRunOmissionSchema = z.object({
  personId: z.string(),
  name: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  reason: z.enum(feeRunOmissionReasons),
});

export const feeRunPreviewSchema = z.object({
  year: z.number().int(),
  clubId: z.string().nullable(),
  invoiceCount: z.number().int(),
  totalCentimes: z.number().int(),
  clubFeeCentimes: z.number().int(),
  nationalFeeCentimes: z.number().int(),
  mailCount: z.number().int(),
  printCount: z.number().int(),
  omittedByReason: z.object({
    noFee: z.number().int(),
    alreadyInvoiced: z.number().int(),
    noAddress: z.number().int(),
    notActive: z.number().int(),
  }),
  omitted: pagedSchema(feeRunOmissionSchema),
  skippedClubs: z.array(
    z.object({ clubId: z.string(), clubName: z.string(), reason: z.enum(['noSettings', 'noSchedule']) }),
  ),
});
export type FeeRunPreview = z.infer<typeof feeRunPreviewSchema>;

export const feeRunBodySchema = z.object({ year: feeYear(), clubId: uuidValue().nullable() });
export type FeeRunBody = z.infer<typeof feeRunBodySchema>;

export const feeRunSchema = z.object({
  id: z.string(),
  clubId: z.string().nullable(),
  clubName: z.string().nullable(),
  year: z.number().int(),
  issueDate: z.string(),
  invoiceCount: z.number().int(),
  totalCentimes: z.number().int(),
  jobId: z.string().nullable(),
  pdfJobId: z.string().nullable(),
  createdAt: z.string(),
  printBatchId: z.string().nullable(),
});
export type FeeRun = z.infer<typeof feeRunSchema>;
export const feeRunListSchema = pagedSchema(feeRunSchema);
export const clubListQuerySchema = z.object({ ClubId: uuidValue().optional(), ...pagingQuery(20) });

// --- invoices ---

export const invoiceListItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['fee', 'event']),
  clubId: z.string(),
  clubName: z.string(),
  personId: z.string().nullable(),
  recipientName: z.string(),
  year: z.number().int(),
  feeYear: z.number().int().nullable(),
  eventId: z.string().nullable(),
  totalCentimes: z.number().int(),
  paidCentimes: z.number().int(),
  openCentimes: z.number().int(),
  state: invoiceState,
  reminderLevel: z.number().int(),
  delivery: invoiceDelivery,
  issueDate: z.string(),
  dueDate: z.string(),
  isOverdue: z.boolean(),
  pdfReady: z.boolean(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export const invoiceListSchema = pagedSchema(invoiceListItemSchema);

const addressSchema = z.object({
  name: z.string(),
  street: z.string().nullable(),
  buildingNumber: z.string().nullable(),
  zip: z.string(),
  city: z.string(),
  countryCode: z.string(),
});

export const invoiceDetailSchema = invoiceListItemSchema.extend({
  recipient: addressSchema.extend({
    company: z.string().nullable(),
    addressLine: z.string().nullable(),
    email: z.string().nullable(),
  }),
  languageCode: z.enum(['de', 'fr', 'it', 'en']),
  creditor: addressSchema,
  iban: z.string(),
  referenceType,
  reference: z.string(),
  currency: z.literal('CHF'),
  surplusCentimes: z.number().int(),
  registrationId: z.string().nullable(),
  feeRunId: z.string().nullable(),
  mailedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  positions: z.array(
    z.object({
      position: z.number().int(),
      kind: z.enum(['clubFee', 'nationalFee', 'event']),
      text: z.string(),
      amountCentimes: z.number().int(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      source: z.enum(['camt', 'manual']),
      amountCentimes: z.number().int(),
      paidOn: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  reminders: z.array(
    z.object({
      level: z.number().int(),
      remindedOn: z.string(),
      dueDate: z.string(),
      delivery: invoiceDelivery,
      pdfReady: z.boolean(),
    }),
  ),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceCancelBodySchema = z.object({ reason: optionalLine(500) }).default({ reason: null });
export const ownInvoiceListQuerySchema = z.object(pagingQuery(20));

// --- print batches ---

export const printBatchBodySchema = z.union([
  z.object({ feeRunId: uuidValue() }).strict(),
  z.object({ reminderRunId: uuidValue() }).strict(),
]);
export type PrintBatchBody = z.infer<typeof printBatchBodySchema>;

export const printBatchSchema = z.object({
  id: z.string(),
  clubId: z.string().nullable(),
  feeRunId: z.string().nullable(),
  reminderRunId: z.string().nullable(),
  jobId: z.string().nullable(),
  documentCount: z.number().int(),
  ready: z.boolean(),
  createdAt: z.string(),
});
export type PrintBatch = z.infer<typeof printBatchSchema>;
export const printBatchListSchema = pagedSchema(printBatchSchema);
