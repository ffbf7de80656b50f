import { RegistrationState } from '@bpw/domain/enums/registration';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { events } from '../../db/schema/events';
import { eventRegistrations } from '../../db/schema/registrations';

/**
 * The waiting list (issue 19, docs/decisions/waiting-list.md): the Waiting registrations of an
 * event in the order of their waiting_number (taken while joining under the event's row lock).
 * Every write here runs with the event row locked by the caller.
 */
const r = eventRegistrations;
const WAITING = RegistrationState.Waiting;
const isWaitingOf = (eventId: string) => and(eq(r.eventId, eventId), eq(r.eventRegistrationState, WAITING));

/** Her place (1 = next) for each Waiting one of `rows`: one query for a page, on the partial index. */
export async function findWaitingPlaces(
  db: DbOrTx,
  rows: readonly { id: string; eventRegistrationState: number }[],
): Promise<Map<string, number>> {
  const ids = rows.filter((row) => row.eventRegistrationState === WAITING).map((row) => row.id);
  if (ids.length === 0) return new Map();
  const result = await db
    .select({
      id: r.id,
      // Qualified by hand: drizzle writes a one-table select's columns unqualified, and inside
      // the subquery those would name w's own.
      place: sql<number>`(select count(*)::int from ${r} w
        where w.event_id = "event_registrations"."event_id" and w.event_registration_state = ${WAITING}
          and w.waiting_number <= "event_registrations"."waiting_number")`,
    })
    .from(r)
    .where(inArray(r.id, ids));
  return new Map(result.map((row) => [row.id, Number(row.place)]));
}

export async function countWaiting(db: DbOrTx, params: { eventId: string }) {
  const [row] = await db.select({ n: count() }).from(r).where(isWaitingOf(params.eventId));
  return row?.n ?? 0;
}

/** Whether anyone waits: one probe of the partial index, before anything is counted. */
export async function hasWaiting(db: DbOrTx, params: { eventId: string }) {
  const [row] = await db.select({ id: r.id }).from(r).where(isWaitingOf(params.eventId)).limit(1);
  return row !== undefined;
}

/** The next `limit` in line, with what their mail needs. */
export async function findNextWaiting(tx: Tx, params: { eventId: string; limit: number }) {
  return tx
    .select({
      id: r.id,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      languageCode: r.languageCode,
    })
    .from(r)
    .where(isWaitingOf(params.eventId))
    .orderBy(asc(r.waitingNumber), asc(r.id))
    .limit(params.limit);
}

/** A page of the list in its order. */
export async function findWaitingPage(db: DbOrTx, params: { eventId: string; limit: number; offset: number }) {
  const items = await db
    .select({
      id: r.id,
      personId: r.personId,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      registeredAt: r.registeredAt,
    })
    .from(r)
    .where(isWaitingOf(params.eventId))
    .orderBy(asc(r.waitingNumber), asc(r.id))
    .limit(params.limit)
    .offset(params.offset);
  return { items, total: await countWaiting(db, params) };
}

/**
 * Waiting to Pending with a fresh link and time to confirm. The WHERE is the guard: a
 * registration that left the list meanwhile is not moved up, and none is moved up twice.
 */
export async function moveUpWaiting(tx: Tx, params: { id: string; now: Date; expiresAt: Date; linkKeyHash: string }) {
  const [row] = await tx
    .update(r)
    .set({
      eventRegistrationState: RegistrationState.Pending,
      expiresAt: params.expiresAt,
      movedUpAt: params.now,
      linkKeyHash: params.linkKeyHash,
    })
    .where(and(eq(r.id, params.id), eq(r.eventRegistrationState, WAITING)))
    .returning({ id: r.id });
  return row !== undefined;
}

/** Staff move someone to the head of the line (the lowest number minus one). */
export async function putFirstInLine(tx: Tx, params: { eventId: string; id: string }) {
  const [row] = await tx
    .update(r)
    .set({
      waitingNumber: sql`(select coalesce(min(w.waiting_number), 1) - 1 from ${r} w
        where w.event_id = ${params.eventId} and w.event_registration_state = ${WAITING})`,
    })
    .where(and(eq(r.id, params.id), isWaitingOf(params.eventId)))
    .returning({ id: r.id });
  return row !== undefined;
}

/** The next number of the waiting lists' sequence, for a registration joining one now. */
export const nextWaitingNumber = sql<number>`nextval('event_registration_waiting_number')`;

/** Events that have someone waiting, for the job that moves the lists up (a batch at a time). */
export async function findEventsWithWaiting(db: DbOrTx, params: { limit: number }) {
  const rows = await db
    .selectDistinct({ eventId: r.eventId })
    .from(r)
    .where(eq(r.eventRegistrationState, WAITING))
    .limit(params.limit);
  return rows.map((row) => row.eventId);
}

export async function setWaitingListClosed(tx: Tx, params: { eventId: string; isClosed: boolean }) {
  await tx.update(events).set({ isWaitingListClosed: params.isClosed }).where(eq(events.id, params.eventId));
}
