import { InvoiceState } from '@bpw/domain/enums/invoice';
import { type InvoiceActor, canManageInvoicesOf, invoiceClubsOf } from '@bpw/domain/invoice-permissions';
import type { Actor } from '@bpw/domain/permissions';
import type { BankCredit } from '@bpw/domain/schemas/payment';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { AppError, conflict, forbidden, notFound, tooManyForAll } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { loadInvoiceActor } from '../invoices/invoice-shared.service';
import { addToPaidAmounts } from './payment-booking';
import { findUnmatchedPage, lockCredit, resolveCredit } from './payment-imports.queries';
import { authorizePayments, paymentClubScope, toBankCredit } from './payment-imports.service';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config'>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type LockedInvoice = { id: string; clubId: string; personId: string | null; state: number };

async function lockInvoice(tx: DbOrTx, id: string): Promise<LockedInvoice | undefined> {
  const [row] = rowsOf<{ id: string; club_id: string; person_id: string | null; state: number }>(
    await tx.execute(sql`SELECT id, club_id, person_id, state FROM invoices WHERE id = ${id}::uuid FOR UPDATE`),
  );
  return row ? { id: row.id, clubId: row.club_id, personId: row.person_id, state: Number(row.state) } : undefined;
}

/** The invoice a manager books to: 404 when there is none, 403 when it is not of a club she manages. */
async function requireManagedInvoice(tx: DbOrTx, invoiceActor: InvoiceActor, id: string) {
  const invoice = await lockInvoice(tx, id);
  if (!invoice) throw notFound();
  if (!canManageInvoicesOf(invoiceActor, invoice.clubId)) throw forbidden();
  if (invoice.state === InvoiceState.cancelled) throw conflict('payment.error.invoiceCancelled');
  return invoice;
}

/** The pre-check of POST invoice/{id}/payment (permission before the body's validation). */
export async function authorizeInvoicePayment(deps: Pick<Deps, 'db' | 'now'>, actor: Actor, id: string) {
  const invoiceActor = await loadInvoiceActor(deps.db, actor, deps.now());
  const [row] = rowsOf<{ club_id: string }>(
    await deps.db.execute(sql`SELECT club_id FROM invoices WHERE id = ${id}::uuid`),
  );
  if (!row) throw notFound();
  if (!canManageInvoicesOf(invoiceActor, row.club_id)) throw forbidden();
}

/**
 * POST invoice/{id}/payment (contract 24): a payment booked by hand; the invoice's paid amount
 * and state change in the same transaction. With an Idempotency-Key, a repeated request books
 * nothing again. Answers whether it was booked now.
 */
export async function addManualPayment(
  deps: Deps,
  actor: Actor,
  params: {
    invoiceId: string;
    amountCentimes: number;
    paidOn: string;
    note: string | null | undefined;
    idempotencyKey: string | undefined;
  },
): Promise<{ isBooked: boolean }> {
  const now = deps.now();
  // Loaded before the transaction: on PGlite only `tx` may be used inside it.
  const invoiceActor = await loadInvoiceActor(deps.db, actor, deps.now());
  return deps.db.transaction(async (tx) => {
    const invoice = await requireManagedInvoice(tx, invoiceActor, params.invoiceId);
    // The client's key, scoped to the invoice so that one key cannot touch another invoice.
    const key = params.idempotencyKey ? `manual:${invoice.id}:${params.idempotencyKey.slice(0, 200)}` : null;
    const [payment] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO invoice_payments (invoice_id, source, idempotency_key, amount_centimes, paid_on, note, created_by, created_at)
        VALUES (${invoice.id}::uuid, 'manual', ${key}, ${params.amountCentimes}::integer, ${params.paidOn}::date,
          ${params.note ?? null}, ${actor.personId}::uuid, ${now.toISOString()}::timestamptz)
        ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
        RETURNING id`),
    );
    if (!payment) return { isBooked: false };
    await addToPaidAmounts(tx, {
      amounts: new Map([[invoice.id, params.amountCentimes]]),
      actorPersonId: actor.personId,
      now,
    });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'invoice',
      entityId: invoice.id,
      ...(invoice.personId ? { subjectPersonId: invoice.personId } : {}),
      at: now,
      details: { payment: payment.id, source: 'manual' },
    });
    return { isBooked: true };
  });
}

/** GET payment/unmatched (contract 27): the credits waiting for assignment, of the caller's clubs. */
export async function listUnmatchedCredits(
  deps: Deps,
  actor: Actor,
  query: { ClubId?: string | undefined; Page: number; PerPage: number },
): Promise<{ items: BankCredit[]; total: number }> {
  const clubIds = await paymentClubScope(deps, actor, query.ClubId);
  const page = await findUnmatchedPage(deps.db, {
    clubIds,
    limit: query.PerPage === 0 ? deps.config.listAllLimit + 1 : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  if (query.PerPage === 0 && page.total > deps.config.listAllLimit) throw tooManyForAll(deps.config.listAllLimit);
  return { items: page.items.map(toBankCredit), total: page.total };
}

/** A credit of a club the caller manages (a credit of no club: admins), still unmatched. */
async function requireOpenCredit(tx: DbOrTx, scope: ReturnType<typeof invoiceClubsOf>, id: string) {
  const credit = await lockCredit(tx, { id });
  if (!credit) throw notFound();
  if (!scope.isAllClubs && (credit.clubId === null || !scope.clubIds.includes(credit.clubId))) throw forbidden();
  if (credit.state !== 'unmatched') throw conflict('payment.error.creditResolved');
  return credit;
}

/** The pre-check of the assign route. */
export async function authorizeCredit(deps: Pick<Deps, 'db' | 'now'>, actor: Actor, id: string) {
  const scope = await authorizePayments(deps, actor);
  const [row] = rowsOf<{ club_id: string | null }>(
    await deps.db.execute(sql`SELECT club_id FROM bank_credits WHERE id = ${id}::uuid`),
  );
  if (!row) throw notFound();
  if (!scope.isAllClubs && (row.club_id === null || !scope.clubIds.includes(row.club_id))) throw forbidden();
}

/**
 * POST payment/unmatched/{id}/assign (contract 28): books the credit to an invoice the caller
 * manages, as if it had matched: payment, paid amount, state, in one transaction.
 */
export async function assignCredit(
  deps: Deps,
  actor: Actor,
  params: { creditId: string; invoiceId: string },
): Promise<BankCredit> {
  const now = deps.now();
  const invoiceActor = await loadInvoiceActor(deps.db, actor, deps.now());
  const scope = invoiceClubsOf(invoiceActor);
  if (!scope.isAllClubs && scope.clubIds.length === 0) throw forbidden();
  await deps.db.transaction(async (tx) => {
    const credit = await requireOpenCredit(tx, scope, params.creditId);
    const invoice = await lockInvoice(tx, params.invoiceId);
    if (!invoice || !canManageInvoicesOf(invoiceActor, invoice.clubId))
      throw new AppError('BadRequest', [{ key: 'payment.error.invoiceUnknown' }]);
    if (invoice.state === InvoiceState.cancelled) throw conflict('payment.error.invoiceCancelled');
    const [payment] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO invoice_payments (invoice_id, source, bank_credit_id, idempotency_key, amount_centimes, paid_on, note, created_by, created_at)
        VALUES (${invoice.id}::uuid, 'camt', ${credit.id}::uuid, ${credit.idempotencyKey}, ${credit.amountCentimes}::integer,
          ${credit.bookingDate ?? now.toISOString().slice(0, 10)}::date, null, ${actor.personId}::uuid, ${now.toISOString()}::timestamptz)
        RETURNING id`),
    );
    await addToPaidAmounts(tx, {
      amounts: new Map([[invoice.id, credit.amountCentimes]]),
      actorPersonId: actor.personId,
      now,
    });
    await resolveCredit(tx, { id: credit.id, state: 'assigned', invoiceId: invoice.id, by: actor.personId, now });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'invoice',
      entityId: invoice.id,
      ...(invoice.personId ? { subjectPersonId: invoice.personId } : {}),
      at: now,
      details: { payment: payment!.id, source: 'camt', bankCredit: credit.id, assigned: true },
    });
  });
  return toBankCredit((await lockCredit(deps.db, { id: params.creditId }))!);
}

/** POST payment/unmatched/{id}/ignore: set aside (paid back, not ours); it leaves the list. */
export async function ignoreCredit(deps: Deps, actor: Actor, params: { creditId: string }): Promise<BankCredit> {
  const now = deps.now();
  const scope = await authorizePayments(deps, actor);
  await deps.db.transaction(async (tx) => {
    const credit = await requireOpenCredit(tx, scope, params.creditId);
    await resolveCredit(tx, { id: credit.id, state: 'ignored', invoiceId: null, by: actor.personId, now });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'bankCredit',
      entityId: credit.id,
      at: now,
      details: { state: 'ignored' },
    });
  });
  return toBankCredit((await lockCredit(deps.db, { id: params.creditId }))!);
}
