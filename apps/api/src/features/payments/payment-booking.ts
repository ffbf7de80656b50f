import { InvoiceState } from '@bpw/domain/enums/invoice';
import { PaymentState, PaymentStatus } from '@bpw/domain/enums/registration';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';
import type { CamtCredit } from './camt054';

/**
 * Booking a payment to an invoice (issue 17): the payment row, the invoice's paid amount and
 * state, and the state of the event registration it invoices, all in the caller's transaction.
 * Below the open amount: partly paid; reaching it: paid; above it: paid with a surplus.
 */

type Raw = Record<string, unknown>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type BookableInvoice = {
  id: string;
  clubId: string;
  reference: string;
  state: InvoiceState;
  totalCentimes: number;
  paidCentimes: number;
};

export type UnmatchedReason = 'noReference' | 'unknownReference' | 'cancelledInvoice' | 'currency';

/** The invoices the references name, locked against a concurrent booking; only `clubId`'s when given. */
export async function lockInvoicesByReference(
  tx: DbOrTx,
  params: { references: readonly string[]; clubId: string | null },
): Promise<Map<string, BookableInvoice>> {
  const map = new Map<string, BookableInvoice>();
  if (params.references.length === 0) return map;
  const club = params.clubId === null ? sql`` : sql` AND club_id = ${params.clubId}`;
  const rows = rowsOf<Raw>(
    await tx.execute(sql`
      SELECT id, club_id, reference, state, total_centimes, paid_centimes FROM invoices
      WHERE reference IN (${sql.join(
        params.references.map((r) => sql`${r}`),
        sql`, `,
      )})${club}
      ORDER BY id FOR UPDATE`),
  );
  for (const r of rows) {
    map.set(String(r.reference), {
      id: String(r.id),
      clubId: String(r.club_id),
      reference: String(r.reference),
      state: Number(r.state) as InvoiceState,
      totalCentimes: Number(r.total_centimes),
      paidCentimes: Number(r.paid_centimes),
    });
  }
  return map;
}

/** Why a credit books nothing to an invoice, or null when it can be booked to `invoice`. */
export function unmatchedReasonOf(credit: CamtCredit, invoice: BookableInvoice | undefined): UnmatchedReason | null {
  if (!credit.reference) return 'noReference';
  if (!invoice) return 'unknownReference';
  if (invoice.state === InvoiceState.cancelled) return 'cancelledInvoice';
  if (credit.currency !== 'CHF') return 'currency';
  return null;
}

/** The state an invoice reaches with `paidCentimes` paid of `totalCentimes`. */
export const stateAfterPayment = (totalCentimes: number, paidCentimes: number): InvoiceState =>
  paidCentimes >= totalCentimes ? InvoiceState.paid : InvoiceState.partlyPaid;

export type InvoiceAfterPayment = {
  id: string;
  state: InvoiceState;
  paidCentimes: number;
  totalCentimes: number;
  /** Paid beyond the total (to be paid back or kept), 0 when none. */
  surplusCentimes: number;
};

/**
 * Adds the amounts to the invoices' paid amounts and sets their state, in one statement; a
 * registration whose invoice is now paid becomes Paid / Successful (spec 02 §3 payment fields).
 * The invoices this payment makes paid (they were not before: a surplus on a paid one is not a
 * second time) get their `invoice.paid` webhook event in the same transaction.
 */
export async function addToPaidAmounts(
  tx: DbOrTx,
  params: { amounts: ReadonlyMap<string, number>; actorPersonId: string | null; now: Date },
): Promise<InvoiceAfterPayment[]> {
  if (params.amounts.size === 0) return [];
  const values = sql.join(
    [...params.amounts].map(([id, cents]) => sql`(${id}::uuid, ${cents}::integer)`),
    sql`, `,
  );
  const rows = rowsOf<Raw>(
    await tx.execute(sql`
      UPDATE invoices i SET paid_centimes = i.paid_centimes + v.cents,
        state = CASE WHEN i.paid_centimes + v.cents >= i.total_centimes THEN ${InvoiceState.paid}::smallint
          ELSE ${InvoiceState.partlyPaid}::smallint END,
        updated_at = ${params.now.toISOString()}::timestamptz, updated_by = ${params.actorPersonId}::uuid
      FROM (VALUES ${values}) AS v(id, cents)
      WHERE i.id = v.id AND i.state <> ${InvoiceState.cancelled}
      RETURNING i.id, i.state, i.paid_centimes, i.total_centimes, i.registration_id,
        (i.paid_centimes - v.cents < i.total_centimes) AS was_open`),
  );
  // Amounts are positive (camt credits, manual payments of at least 1 centime): before this
  // payment the paid amount was the new one less it.
  const nowPaid = rows.filter((r) => Number(r.state) === InvoiceState.paid && r.was_open === true);
  await recordWebhookEvent(tx, {
    type: 'invoice.paid',
    invoiceIds: nowPaid.map((r) => String(r.id)),
    now: params.now,
  });
  const paidRegistrations = rows
    .filter((r) => Number(r.state) === InvoiceState.paid && r.registration_id)
    .map((r) => String(r.registration_id));
  if (paidRegistrations.length > 0) {
    await tx.execute(sql`
      UPDATE event_registrations SET payment_status = ${PaymentStatus.Paid}, payment_state = ${PaymentState.Successful}
      WHERE id IN (${sql.join(
        paidRegistrations.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }
  return rows.map((r) => {
    const paid = Number(r.paid_centimes);
    const total = Number(r.total_centimes);
    return {
      id: String(r.id),
      state: Number(r.state) as InvoiceState,
      paidCentimes: paid,
      totalCentimes: total,
      surplusCentimes: Math.max(0, paid - total),
    };
  });
}
