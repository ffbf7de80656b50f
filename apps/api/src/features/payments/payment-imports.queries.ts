import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentImportDetails } from '../../db/schema/payments';
import type { BatchCounts } from './payment-credits';

/** payment_imports with payment_import_details (0035), and bank_credits (issue 17). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (value: unknown) => new Date(value as string).toISOString().replace(/\.\d{3}Z$/, 'Z');

export type ImportRow = {
  id: string;
  clubId: string | null;
  fileName: string | null;
  format: string;
  messageId: string | null;
  creditCount: number;
  matchedCount: number;
  unmatchedCount: number;
  duplicateCount: number;
  partlyPaidCount: number;
  surplusCount: number;
  skippedCount: number;
  totalCentimes: number;
  jobId: string | null;
  createdAt: string;
  createdBy: string | null;
};

const importColumns = sql`p.id, p.club_id, p.file_name, p.format, p.message_id, p.credit_count, p.matched_count,
  p.unmatched_count, p.duplicate_count, coalesce(d.partly_paid_count, 0) AS partly_paid_count,
  coalesce(d.surplus_count, 0) AS surplus_count, coalesce(d.skipped_count, 0) AS skipped_count, p.total_centimes,
  d.job_id, p.created_at, p.created_by`;
const importFrom = sql`payment_imports p LEFT JOIN payment_import_details d ON d.import_id = p.id`;

const toImport = (r: Record<string, unknown>): ImportRow => ({
  id: String(r.id),
  clubId: (r.club_id as string | null) ?? null,
  fileName: (r.file_name as string | null) ?? null,
  format: String(r.format),
  messageId: (r.message_id as string | null) ?? null,
  creditCount: Number(r.credit_count),
  matchedCount: Number(r.matched_count),
  unmatchedCount: Number(r.unmatched_count),
  duplicateCount: Number(r.duplicate_count),
  partlyPaidCount: Number(r.partly_paid_count),
  surplusCount: Number(r.surplus_count),
  skippedCount: Number(r.skipped_count),
  totalCentimes: Number(r.total_centimes),
  jobId: (r.job_id as string | null) ?? null,
  createdAt: iso(r.created_at),
  createdBy: (r.created_by as string | null) ?? null,
});

export async function insertImport(
  tx: DbOrTx,
  params: {
    clubId: string | null;
    fileName: string | null;
    fileSha256: string;
    messageId: string | null;
    format: string;
    skippedCount: number;
    content: Buffer | null;
    createdBy: string;
    now: Date;
  },
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO payment_imports (club_id, file_name, file_sha256, message_id, format, created_by, created_at)
      VALUES (${params.clubId}::uuid, ${params.fileName}, ${params.fileSha256}, ${params.messageId}, ${params.format},
        ${params.createdBy}::uuid, ${params.now.toISOString()}::timestamptz)
      RETURNING id`),
  );
  await tx.insert(paymentImportDetails).values({
    importId: row!.id,
    content: params.content ? new Uint8Array(params.content) : null,
    skippedCount: params.skippedCount,
  });
  return row!.id;
}

export async function setImportJob(tx: DbOrTx, params: { id: string; jobId: string }) {
  await tx.execute(
    sql`UPDATE payment_import_details SET job_id = ${params.jobId}::uuid WHERE import_id = ${params.id}::uuid`,
  );
}

/** Adds a batch's counts to the import's. */
export async function addImportCounts(tx: DbOrTx, params: { id: string; counts: BatchCounts }) {
  const c = params.counts;
  await tx.execute(sql`
    UPDATE payment_imports SET credit_count = credit_count + ${c.credits}, matched_count = matched_count + ${c.matched},
      unmatched_count = unmatched_count + ${c.unmatched}, duplicate_count = duplicate_count + ${c.duplicates},
      total_centimes = total_centimes + ${c.totalCentimes}
    WHERE id = ${params.id}::uuid`);
  await tx.execute(sql`
    UPDATE payment_import_details SET partly_paid_count = partly_paid_count + ${c.partlyPaid},
      surplus_count = surplus_count + ${c.surplus}
    WHERE import_id = ${params.id}::uuid`);
}

export async function findImport(db: DbOrTx, params: { id: string }): Promise<ImportRow | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${importColumns} FROM ${importFrom} WHERE p.id = ${params.id}::uuid`),
  );
  return row ? toImport(row) : undefined;
}

export async function findImportContent(db: DbOrTx, params: { id: string }): Promise<Buffer | undefined> {
  const [row] = rowsOf<{ content: Uint8Array | null }>(
    await db.execute(sql`SELECT content FROM payment_import_details WHERE import_id = ${params.id}::uuid`),
  );
  return row?.content ? Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) : undefined;
}

export async function clearImportContent(db: DbOrTx, params: { id: string }) {
  await db.execute(sql`UPDATE payment_import_details SET content = NULL WHERE import_id = ${params.id}::uuid`);
}

/** `clubIds` null: every import (admins); else the imports of those clubs. */
const clubScope = (clubIds: readonly string[] | null, column: string) =>
  clubIds === null
    ? sql`true`
    : clubIds.length === 0
      ? sql`false`
      : sql`${sql.raw(column)} IN (${sql.join(
          clubIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;

export async function findImportPage(
  db: DbOrTx,
  params: { clubIds: readonly string[] | null; limit: number | null; offset: number },
): Promise<{ items: ImportRow[]; total: number }> {
  const where = clubScope(params.clubIds, 'p.club_id');
  const [count] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM payment_imports p WHERE ${where}`),
  );
  const limit = params.limit === null ? sql`` : sql` LIMIT ${params.limit}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${importColumns} FROM ${importFrom} WHERE ${where}
      ORDER BY p.created_at DESC, p.id DESC${limit} OFFSET ${params.offset}`),
  );
  return { items: rows.map(toImport), total: Number(count?.n ?? 0) };
}

export type CreditRow = {
  id: string;
  importId: string;
  clubId: string | null;
  reference: string | null;
  referenceType: string | null;
  amountCentimes: number;
  bookingDate: string | null;
  debtorName: string | null;
  unstructuredText: string | null;
  state: 'matched' | 'unmatched' | 'assigned' | 'ignored';
  unmatchedReason: 'noReference' | 'unknownReference' | 'cancelledInvoice' | 'currency' | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
  idempotencyKey: string;
};

const creditColumns = sql`b.id, b.import_id, b.club_id, b.reference, b.reference_type, b.amount_centimes,
  b.booking_date::text AS booking_date, b.debtor_name, b.unstructured_text, b.state, b.unmatched_reason, b.invoice_id,
  i.number_text, b.idempotency_key`;

const toCredit = (r: Record<string, unknown>): CreditRow => ({
  id: String(r.id),
  importId: String(r.import_id),
  clubId: (r.club_id as string | null) ?? null,
  reference: (r.reference as string | null) ?? null,
  referenceType: (r.reference_type as string | null) ?? null,
  amountCentimes: Number(r.amount_centimes),
  bookingDate: (r.booking_date as string | null) ?? null,
  debtorName: (r.debtor_name as string | null) ?? null,
  unstructuredText: (r.unstructured_text as string | null) ?? null,
  state: r.state as CreditRow['state'],
  unmatchedReason: (r.unmatched_reason as CreditRow['unmatchedReason']) ?? null,
  invoiceId: (r.invoice_id as string | null) ?? null,
  invoiceNumber: (r.number_text as string | null) ?? null,
  idempotencyKey: String(r.idempotency_key),
});

/** An import's credits in file order (by id is insertion order within a batch only: by booking date, id). */
export async function findImportCredits(
  db: DbOrTx,
  params: { importId: string; limit: number | null; offset: number },
): Promise<{ items: CreditRow[]; total: number }> {
  const [count] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM bank_credits WHERE import_id = ${params.importId}::uuid`),
  );
  const limit = params.limit === null ? sql`` : sql` LIMIT ${params.limit}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${creditColumns} FROM bank_credits b LEFT JOIN invoices i ON i.id = b.invoice_id
      WHERE b.import_id = ${params.importId}::uuid ORDER BY b.booking_date, b.id${limit} OFFSET ${params.offset}`),
  );
  return { items: rows.map(toCredit), total: Number(count?.n ?? 0) };
}

/** The unmatched credits of the clubs (null: all), oldest booking first (bank_credits_unmatched_idx). */
export async function findUnmatchedPage(
  db: DbOrTx,
  params: { clubIds: readonly string[] | null; limit: number | null; offset: number },
): Promise<{ items: CreditRow[]; total: number }> {
  const where = sql`b.state = 'unmatched' AND ${clubScope(params.clubIds, 'b.club_id')}`;
  const [count] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM bank_credits b WHERE ${where}`),
  );
  const limit = params.limit === null ? sql`` : sql` LIMIT ${params.limit}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${creditColumns} FROM bank_credits b LEFT JOIN invoices i ON i.id = b.invoice_id
      WHERE ${where} ORDER BY b.club_id, b.booking_date, b.id${limit} OFFSET ${params.offset}`),
  );
  return { items: rows.map(toCredit), total: Number(count?.n ?? 0) };
}

/** One credit, locked for its assignment. */
export async function lockCredit(tx: DbOrTx, params: { id: string }): Promise<CreditRow | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`SELECT ${creditColumns} FROM bank_credits b LEFT JOIN invoices i ON i.id = b.invoice_id
      WHERE b.id = ${params.id}::uuid FOR UPDATE OF b`),
  );
  return row ? toCredit(row) : undefined;
}

export async function resolveCredit(
  tx: DbOrTx,
  params: { id: string; state: 'assigned' | 'ignored'; invoiceId: string | null; by: string; now: Date },
) {
  await tx.execute(sql`
    UPDATE bank_credits SET state = ${params.state}, invoice_id = ${params.invoiceId}::uuid,
      resolved_at = ${params.now.toISOString()}::timestamptz, resolved_by = ${params.by}::uuid
    WHERE id = ${params.id}::uuid`);
}
