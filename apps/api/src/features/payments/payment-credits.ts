import { InvoiceState } from '@bpw/domain/enums/invoice';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AuditEntryParams, writeAuditEntries } from '../../platform/audit';
import type { CamtCredit } from './camt054';
import { addToPaidAmounts, lockInvoicesByReference, unmatchedReasonOf } from './payment-booking';

/**
 * Books a batch of a bank file's credits (issue 17): each credit is stored once under its
 * idempotency key (a credit already known books nothing), matched by its reference to an
 * invoice of the import's club (all clubs when null) and booked to it, or kept as unmatched for
 * assignment by hand. All in the caller's transaction: nothing is half-booked.
 */
export type BatchCounts = {
  credits: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  partlyPaid: number;
  surplus: number;
  totalCentimes: number;
};

export const emptyCounts = (): BatchCounts => ({
  credits: 0,
  matched: 0,
  unmatched: 0,
  duplicates: 0,
  partlyPaid: 0,
  surplus: 0,
  totalCentimes: 0,
});

export const addCounts = (a: BatchCounts, b: BatchCounts): BatchCounts => ({
  credits: a.credits + b.credits,
  matched: a.matched + b.matched,
  unmatched: a.unmatched + b.unmatched,
  duplicates: a.duplicates + b.duplicates,
  partlyPaid: a.partlyPaid + b.partlyPaid,
  surplus: a.surplus + b.surplus,
  totalCentimes: a.totalCentimes + b.totalCentimes,
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function bookCreditBatch(
  tx: DbOrTx,
  params: {
    importId: string;
    clubId: string | null;
    credits: readonly CamtCredit[];
    actorPersonId: string;
    now: Date;
    today: string;
  },
): Promise<BatchCounts> {
  const counts = emptyCounts();
  counts.credits = params.credits.length;
  if (params.credits.length === 0) return counts;
  const references = [...new Set(params.credits.flatMap((c) => (c.reference ? [c.reference] : [])))];
  const invoices = await lockInvoicesByReference(tx, { references, clubId: params.clubId });
  const planned = params.credits.map((credit) => {
    const invoice = credit.reference ? invoices.get(credit.reference) : undefined;
    const reason = unmatchedReasonOf(credit, invoice);
    return { credit, invoice: reason === null ? invoice : undefined, reason };
  });
  const values = sql.join(
    planned.map(
      ({ credit, invoice, reason }) => sql`(${params.importId}::uuid, ${invoice?.clubId ?? params.clubId}::uuid,
        ${credit.idempotencyKey}, ${credit.accountIban}, ${credit.referenceType}, ${credit.reference},
        ${credit.amountCents}::integer, ${credit.currency}, ${credit.bookingDate}::date, ${credit.valueDate}::date,
        ${credit.debtorName?.slice(0, 200) ?? null}, ${credit.accountServicerRef?.slice(0, 200) ?? null},
        ${credit.endToEndId}, ${credit.unstructuredText}, ${reason === null ? 'matched' : 'unmatched'},
        ${invoice?.id ?? null}::uuid, ${reason})`,
    ),
    sql`, `,
  );
  // ON CONFLICT DO NOTHING: a credit booked by an earlier import (or earlier in this file) is skipped.
  const inserted = rowsOf<{ id: string; idempotency_key: string }>(
    await tx.execute(sql`
      INSERT INTO bank_credits (import_id, club_id, idempotency_key, account_iban, reference_type, reference,
        amount_centimes, currency, booking_date, value_date, debtor_name, account_servicer_ref, end_to_end_id,
        unstructured_text, state, invoice_id, unmatched_reason)
      VALUES ${values}
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key`),
  );
  const newIds = new Map(inserted.map((r) => [r.idempotency_key, r.id]));
  counts.duplicates = params.credits.length - inserted.length;
  const payments: { invoiceId: string; bankCreditId: string; credit: CamtCredit }[] = [];
  const seen = new Set<string>();
  for (const { credit, invoice } of planned) {
    const bankCreditId = newIds.get(credit.idempotencyKey);
    // The same key twice in one file: only its first credit was stored.
    if (!bankCreditId || seen.has(credit.idempotencyKey)) continue;
    seen.add(credit.idempotencyKey);
    counts.totalCentimes += credit.amountCents;
    if (invoice) payments.push({ invoiceId: invoice.id, bankCreditId, credit });
    else counts.unmatched++;
  }
  counts.matched = payments.length;
  if (payments.length === 0) return counts;
  const paymentRows = rowsOf<{ id: string; invoice_id: string }>(
    await tx.execute(sql`
      INSERT INTO invoice_payments (invoice_id, source, bank_credit_id, idempotency_key, amount_centimes, paid_on, created_by)
      VALUES ${sql.join(
        payments.map(
          (p) => sql`(${p.invoiceId}::uuid, 'camt', ${p.bankCreditId}::uuid, ${p.credit.idempotencyKey},
            ${p.credit.amountCents}::integer, ${p.credit.bookingDate ?? params.today}::date, ${params.actorPersonId}::uuid)`,
        ),
        sql`, `,
      )}
      RETURNING id, invoice_id`),
  );
  const amounts = new Map<string, number>();
  for (const p of payments) amounts.set(p.invoiceId, (amounts.get(p.invoiceId) ?? 0) + p.credit.amountCents);
  const after = await addToPaidAmounts(tx, { amounts, actorPersonId: params.actorPersonId, now: params.now });
  const stateOf = new Map(after.map((a) => [a.id, a]));
  for (const p of payments) {
    const invoice = stateOf.get(p.invoiceId);
    if (invoice?.state === InvoiceState.partlyPaid) counts.partlyPaid++;
    if (invoice && invoice.surplusCentimes > 0) counts.surplus++;
  }
  const audit: AuditEntryParams[] = paymentRows.map((row) => ({
    actorPersonId: params.actorPersonId,
    action: 'updated',
    entity: 'invoice',
    entityId: row.invoice_id,
    at: params.now,
    details: { payment: row.id, source: 'camt', import: params.importId },
  }));
  await writeAuditEntries(tx, audit);
  return counts;
}
