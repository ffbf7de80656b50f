import type { InvoiceDelivery, InvoiceState } from '@bpw/domain/enums/invoice';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clubs } from './clubs';
import { auditColumns, id, timestamptz } from './columns';
import { events } from './events';
import { storedFiles } from './files';
import { jobs } from './jobs';
import { persons } from './persons';
import { eventRegistrations } from './registrations';

/**
 * Issue 17: membership fees and invoices (docs/decisions/invoices.md). Money is integer
 * centimes, currency CHF. An issued invoice is immutable except for its state, paid amount,
 * reminder level, PDF and delivery bookkeeping; a correction is a cancellation and a new invoice.
 */

/** The association-wide invoice number (shown as YYYY-NNNNNN with the issue year). */
export const invoiceNumberSequence = pgSequence('invoice_number', { startWith: 1 });

/**
 * Invoicing settings of a club (`club_id`) or of the association (null): the creditor of the
 * QR-bill (structured address, type S) and the account (IBAN or QR-IBAN) and payment terms.
 */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    id: id(),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    creditorName: text('creditor_name').notNull(),
    street: text('street'),
    buildingNumber: text('building_number'),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull().default('CH'),
    // Electronic format, no spaces; a QR-IBAN (IID 30000-31999) means QRR references, else SCOR.
    iban: text('iban').notNull(),
    paymentTermDays: integer('payment_term_days').notNull().default(30),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('invoice_settings_club_uq')
      .on(t.clubId)
      .where(sql`${t.clubId} is not null`),
    uniqueIndex('invoice_settings_association_uq')
      .on(sql`(true)`)
      .where(sql`${t.clubId} is null`),
    check('invoice_settings_terms_ck', sql`${t.paymentTermDays} between 0 and 365`),
  ],
);

/**
 * A club's fee for a year per member type, and the reduced amount for young members (young on
 * 1 January of the fee year); null = no reduction. singleNoFee pays nothing.
 */
export const feeSchedules = pgTable(
  'fee_schedules',
  {
    id: id(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    singleCentimes: integer('single_centimes').notNull().default(0),
    collectiveCentimes: integer('collective_centimes').notNull().default(0),
    companyCentimes: integer('company_centimes').notNull().default(0),
    youngCentimes: integer('young_centimes'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('fee_schedules_club_year_uq').on(t.clubId, t.year),
    check(
      'fee_schedules_amounts_ck',
      sql`${t.singleCentimes} >= 0 and ${t.collectiveCentimes} >= 0 and ${t.companyCentimes} >= 0 and (${t.youngCentimes} is null or ${t.youngCentimes} >= 0)`,
    ),
  ],
);

/** The association's national fee per person for a year, a second position on each club invoice. */
export const nationalFees = pgTable(
  'national_fees',
  {
    year: smallint('year').primaryKey(),
    amountCentimes: integer('amount_centimes').notNull(),
    // Young members pay this instead; null = the full amount.
    youngCentimes: integer('young_centimes'),
    ...auditColumns(),
  },
  (t) => [
    check(
      'national_fees_amount_ck',
      sql`${t.amountCentimes} >= 0 and (${t.youngCentimes} is null or ${t.youngCentimes} >= 0)`,
    ),
  ],
);

/** A fee run: one club's (or, club_id null, all clubs') invoices of a fee year, made by a job. */
export const feeRuns = pgTable(
  'fee_runs',
  {
    id: id(),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    // The PDF job of the run's invoices (renders, then mails the mail-delivery ones).
    pdfJobId: uuid('pdf_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    invoiceCount: integer('invoice_count').notNull().default(0),
    totalCentimes: bigint('total_centimes', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('fee_runs_club_idx').on(t.clubId, t.createdAt), index('fee_runs_created_idx').on(t.createdAt)],
);

/**
 * An invoice. `kind`: 'fee' (a fee run's, fee_year set) or 'event' (a registration's).
 * `year`: the fee year, or the issue year of an event invoice (the lists' Year filter, totals).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    number: bigint('number', { mode: 'number' }).notNull(),
    // YYYY-NNNNNN (issue year, number), the searchable text.
    numberText: text('number_text').notNull(),
    kind: text('kind').$type<'fee' | 'event'>().notNull(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'restrict' }),
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'set null' }),
    year: smallint('year').notNull(),
    feeYear: smallint('fee_year'),
    feeRunId: uuid('fee_run_id').references(() => feeRuns.id, { onDelete: 'set null' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    registrationId: uuid('registration_id').references(() => eventRegistrations.id, { onDelete: 'set null' }),
    // The recipient as at creation (correspondence address and language).
    recipientName: text('recipient_name').notNull(),
    recipientCompany: text('recipient_company'),
    recipientAddressLine: text('recipient_address_line'),
    recipientStreet: text('recipient_street'),
    recipientBuildingNumber: text('recipient_building_number'),
    recipientZip: text('recipient_zip').notNull(),
    recipientCity: text('recipient_city').notNull(),
    recipientCountryCode: text('recipient_country_code').notNull().default('CH'),
    recipientEmail: text('recipient_email'),
    // Lastname, chr(1), firstname: the Name sort and search.
    recipientSortName: text('recipient_sort_name').notNull(),
    languageCode: text('language_code').$type<LanguageCode>().notNull(),
    // The creditor and account as at creation.
    creditorName: text('creditor_name').notNull(),
    creditorStreet: text('creditor_street'),
    creditorBuildingNumber: text('creditor_building_number'),
    creditorZip: text('creditor_zip').notNull(),
    creditorCity: text('creditor_city').notNull(),
    creditorCountryCode: text('creditor_country_code').notNull(),
    iban: text('iban').notNull(),
    referenceType: text('reference_type').$type<'QRR' | 'SCOR'>().notNull(),
    // Electronic format (no spaces).
    reference: text('reference').notNull(),
    currency: text('currency').notNull().default('CHF'),
    totalCentimes: integer('total_centimes').notNull(),
    paidCentimes: integer('paid_centimes').notNull().default(0),
    state: smallint('state').$type<InvoiceState>().notNull(),
    reminderLevel: smallint('reminder_level').notNull().default(0),
    lastRemindedOn: date('last_reminded_on', { mode: 'string' }),
    delivery: smallint('delivery').$type<InvoiceDelivery>().notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    pdfFileId: uuid('pdf_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    // When the mail with the PDF was queued (mail delivery); null until then.
    mailedAt: timestamptz('mailed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_number_text_uq').on(t.numberText),
    uniqueIndex('invoices_reference_uq').on(t.reference),
    // One (not cancelled) invoice per person, club and fee year; one per registration.
    uniqueIndex('invoices_fee_person_uq')
      .on(t.personId, t.clubId, t.feeYear)
      .where(sql`${t.feeYear} is not null and ${t.personId} is not null and ${t.state} <> 4`),
    uniqueIndex('invoices_registration_uq')
      .on(t.registrationId)
      .where(sql`${t.registrationId} is not null and ${t.state} <> 4`),
    // The club's list: one index per sort (number, name, due date, total, state), filters after.
    index('invoices_club_number_idx').on(t.clubId, t.number),
    index('invoices_club_name_idx').on(t.clubId, t.recipientSortName, t.number),
    index('invoices_club_due_idx').on(t.clubId, t.dueDate, t.number),
    index('invoices_club_total_idx').on(t.clubId, t.totalCentimes, t.number),
    index('invoices_club_state_idx').on(t.clubId, t.state, t.number),
    index('invoices_club_issue_idx').on(t.clubId, t.issueDate, t.number),
    // Year filter and totals per year (index-only sums).
    index('invoices_club_year_idx').on(t.clubId, t.year, t.state, t.totalCentimes, t.paidCentimes),
    index('invoices_year_idx').on(t.year, t.state, t.totalCentimes, t.paidCentimes),
    // Overdue (issued or partly paid, due date passed): the reminder run and the Overdue filter.
    index('invoices_open_due_idx')
      .on(t.clubId, t.dueDate, t.reminderLevel)
      .where(sql`${t.state} in (1, 2)`),
    // Admin lists across clubs by the other sorts.
    index('invoices_name_idx').on(t.recipientSortName, t.number),
    index('invoices_due_idx').on(t.dueDate, t.number),
    index('invoices_name_trgm_idx').using('gin', sql`${t.recipientSortName} gin_trgm_ops`),
    index('invoices_number_text_trgm_idx').using('gin', sql`${t.numberText} gin_trgm_ops`),
    // A member's own invoices, newest first.
    index('invoices_person_idx').on(t.personId, t.number),
    index('invoices_fee_run_idx').on(t.feeRunId, t.number),
    index('invoices_event_idx').on(t.eventId, t.number),
    // The PDF job's work: not yet rendered, in number order.
    index('invoices_pdf_pending_idx')
      .on(t.feeRunId, t.number)
      .where(sql`${t.pdfFileId} is null`),
    index('invoices_pdf_file_idx')
      .on(t.pdfFileId)
      .where(sql`${t.pdfFileId} is not null`),
    check('invoices_amounts_ck', sql`${t.totalCentimes} >= 0 and ${t.paidCentimes} >= 0`),
    check('invoices_state_ck', sql`${t.state} in (0, 1, 2, 3, 4)`),
    check('invoices_reminder_level_ck', sql`${t.reminderLevel} between 0 and 2`),
    check('invoices_delivery_ck', sql`${t.delivery} in (0, 10)`),
    check('invoices_kind_ck', sql`${t.kind} in ('fee', 'event')`),
  ],
);

/** The lines of an invoice, texts in the recipient's language. kind: clubFee, nationalFee, event. */
export const invoicePositions = pgTable(
  'invoice_positions',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind').$type<'clubFee' | 'nationalFee' | 'event'>().notNull(),
    text: text('text').notNull(),
    amountCentimes: integer('amount_centimes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] })],
);

/** An uploaded bank file (camt.054). Counts only; the credits are bank_credits. */
export const paymentImports = pgTable(
  'payment_imports',
  {
    id: id(),
    // The club whose account the file is for (by its IBAN), null when the association's/unknown.
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    fileSha256: text('file_sha256').notNull(),
    messageId: text('message_id'),
    // e.g. camt.054.001.08
    format: text('format').notNull(),
    creditCount: integer('credit_count').notNull().default(0),
    matchedCount: integer('matched_count').notNull().default(0),
    unmatchedCount: integer('unmatched_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    totalCentimes: bigint('total_centimes', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_imports_club_idx').on(t.clubId, t.createdAt),
    index('payment_imports_created_idx').on(t.createdAt),
  ],
);

/**
 * One credit of a bank file. `idempotencyKey` (from AcctSvcrRef, else the entry's reference,
 * amount and date) is unique: the same file twice books nothing twice.
 * state: 'matched' (booked to its invoice), 'unmatched' (waits for manual assignment),
 * 'assigned' (booked by hand), 'ignored' (set aside by hand).
 */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: id(),
    importId: uuid('import_id')
      .notNull()
      .references(() => paymentImports.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    accountIban: text('account_iban'),
    referenceType: text('reference_type'),
    reference: text('reference'),
    amountCentimes: integer('amount_centimes').notNull(),
    currency: text('currency').notNull().default('CHF'),
    bookingDate: date('booking_date', { mode: 'string' }),
    valueDate: date('value_date', { mode: 'string' }),
    debtorName: text('debtor_name'),
    accountServicerRef: text('account_servicer_ref'),
    endToEndId: text('end_to_end_id'),
    unstructuredText: text('unstructured_text'),
    state: text('state').$type<'matched' | 'unmatched' | 'assigned' | 'ignored'>().notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    // Why it did not match: 'noReference', 'unknownReference', 'cancelledInvoice', 'currency'.
    unmatchedReason: text('unmatched_reason'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by'),
  },
  (t) => [
    uniqueIndex('bank_credits_idempotency_uq').on(t.idempotencyKey),
    index('bank_credits_import_idx').on(t.importId),
    index('bank_credits_unmatched_idx')
      .on(t.clubId, t.bookingDate, t.id)
      .where(sql`${t.state} = 'unmatched'`),
    index('bank_credits_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    check('bank_credits_state_ck', sql`${t.state} in ('matched', 'unmatched', 'assigned', 'ignored')`),
  ],
);

/**
 * A payment booked to an invoice: from a bank credit (source 'camt', bank_credit_id set) or by
 * hand ('manual'). `idempotencyKey` is unique: the bank credit's key, or the client's
 * Idempotency-Key for a manual payment.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    source: text('source').$type<'camt' | 'manual'>().notNull(),
    bankCreditId: uuid('bank_credit_id').references(() => bankCredits.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    amountCentimes: integer('amount_centimes').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.paidOn),
    uniqueIndex('invoice_payments_idempotency_uq')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('invoice_payments_bank_credit_uq')
      .on(t.bankCreditId)
      .where(sql`${t.bankCreditId} is not null`),
    check('invoice_payments_amount_ck', sql`${t.amountCentimes} > 0`),
    check('invoice_payments_source_ck', sql`${t.source} in ('camt', 'manual')`),
  ],
);

/** A reminder run of a club (level 1 or 2), made by a job like a fee run. */
export const reminderRuns = pgTable(
  'reminder_runs',
  {
    id: id(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    // Invoices due before this day are overdue for the run.
    overdueBefore: date('overdue_before', { mode: 'string' }).notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    reminderCount: integer('reminder_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('reminder_runs_club_idx').on(t.clubId, t.createdAt),
    check('reminder_runs_level_ck', sql`${t.level} in (1, 2)`),
  ],
);

/** One reminder of one invoice: at most one per invoice and level. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: id(),
    runId: uuid('run_id').references(() => reminderRuns.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    delivery: smallint('delivery').$type<InvoiceDelivery>().notNull(),
    remindedOn: date('reminded_on', { mode: 'string' }).notNull(),
    // The new payment deadline the reminder gives.
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    pdfFileId: uuid('pdf_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    mailedAt: timestamptz('mailed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_reminders_invoice_level_uq').on(t.invoiceId, t.level),
    index('invoice_reminders_run_idx').on(t.runId, t.invoiceId),
    index('invoice_reminders_pdf_pending_idx')
      .on(t.runId, t.id)
      .where(sql`${t.pdfFileId} is null`),
    check('invoice_reminders_level_ck', sql`${t.level} in (1, 2)`),
  ],
);

/**
 * One PDF gathering the print-delivery documents of a fee run (its invoices) or of a reminder
 * run (its reminders), rendered by a job; `file_id` is set once it is ready.
 */
export const invoicePrintBatches = pgTable(
  'invoice_print_batches',
  {
    id: id(),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    feeRunId: uuid('fee_run_id').references(() => feeRuns.id, { onDelete: 'cascade' }),
    reminderRunId: uuid('reminder_run_id').references(() => reminderRuns.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    documentCount: integer('document_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_print_batches_club_idx').on(t.clubId, t.createdAt),
    index('invoice_print_batches_created_idx').on(t.createdAt),
    index('invoice_print_batches_fee_run_idx').on(t.feeRunId),
    index('invoice_print_batches_reminder_run_idx').on(t.reminderRunId),
    check('invoice_print_batches_source_ck', sql`(${t.feeRunId} is null) <> (${t.reminderRunId} is null)`),
  ],
);
