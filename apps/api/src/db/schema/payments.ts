import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { paymentImports } from './invoices';
import { jobs } from './jobs';

/**
 * Issue 17, payments helper: what a camt.054 import needs beyond `payment_imports` (the core
 * helper's table): the credits a job books (large files: the parsed credits as JSON, kept until
 * booked, then null), the job,
 * and the counts the import's answer reports (docs/decisions/invoices.md "Payments").
 */
export const paymentImportDetails = pgTable('payment_import_details', {
  importId: uuid('import_id')
    .primaryKey()
    .references(() => paymentImports.id, { onDelete: 'cascade' }),
  content: bytea('content'),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  partlyPaidCount: integer('partly_paid_count').notNull().default(0),
  surplusCount: integer('surplus_count').notNull().default(0),
  skippedCount: integer('skipped_count').notNull().default(0),
});
