import { RegistrationState } from '@bpw/domain/enums/registration';
import { and, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { holdsSlotAt } from '../../db/registration-slots';
import { events } from '../../db/schema/events';
import { eventRegistrations } from '../../db/schema/registrations';

/**
 * What the registration rules (registration-rules.ts) read before a registration is written: the
 * event's registration settings (locked for a write), the slots taken, a person's own
 * registrations, an e-mail address already registered. The writes are in registration-writes.queries.ts.
 */
const r = eventRegistrations;

const eventColumns = {
  id: events.id,
  title: events.title,
  eventState: events.eventState,
  eventFrom: events.eventFrom,
  registrationSlots: events.registrationSlots,
  registrationTo: events.registrationTo,
  unregistrationTo: events.unregistrationTo,
  registrationConfirmHours: events.registrationConfirmHours,
  hasWaitingList: events.hasWaitingList,
  isWaitingListClosed: events.isWaitingListClosed,
  waitingListConfirmHours: events.waitingListConfirmHours,
  externalRegistrationUrl: events.externalRegistrationUrl,
  isRegistrationListPublic: events.isRegistrationListPublic,
  defaultLanguageCode: events.defaultLanguageCode,
  location: events.location,
  responsibleClubId: events.responsibleClubId,
};
export type RegistrationEventRow = {
  [K in keyof typeof eventColumns]: (typeof eventColumns)[K]['_']['notNull'] extends true
    ? (typeof eventColumns)[K]['_']['data']
    : (typeof eventColumns)[K]['_']['data'] | null;
};

export async function findRegistrationEvent(db: DbOrTx, params: { eventId: string }) {
  const [row] = await db.select(eventColumns).from(events).where(eq(events.id, params.eventId));
  return row as RegistrationEventRow | undefined;
}

/**
 * The event row, locked until the transaction ends (DESIGN "Data rules"): every registration
 * that may take a slot waits here, so the slot count it reads next cannot change under it.
 *
 * `shared` (a registration for an event without a slot limit, docs/decisions/event-registrations.md):
 * FOR SHARE, which such registrations hold together, while every path that changes the event or
 * frees a place (FOR UPDATE here or in the events feature) waits for all of them, and they for it.
 */
export async function lockRegistrationEvent(tx: Tx, params: { eventId: string; shared?: boolean }) {
  const query = tx.select(eventColumns).from(events).where(eq(events.id, params.eventId));
  const [row] = await (params.shared ? query.for('share') : query.for('update'));
  return row as RegistrationEventRow | undefined;
}

/**
 * What a new registration decides on, in one statement after the event's lock: the slots taken
 * (limited events only), whether anyone waits, the id of an active registration of the address
 * and, for a member, her own registrations (expired Pending ones do not count, as in
 * findOwnRegistrations).
 */
export async function findRegistrationFacts(
  tx: Tx,
  params: { eventId: string; now: Date; email: string; personId: string | null; countSlots: boolean },
) {
  const { eventId, now } = params;
  const taken = tx
    .select({ n: count() })
    .from(r)
    .where(and(eq(r.eventId, eventId), holdsSlotAt(now)));
  const waiting = tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.eventId, eventId), eq(r.eventRegistrationState, RegistrationState.Waiting)))
    .limit(1);
  const existing = tx
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.eventId, eventId),
        eq(r.email, params.email),
        or(holdsSlotAt(now), eq(r.eventRegistrationState, RegistrationState.Waiting)),
      ),
    )
    .limit(1);
  const own = params.personId
    ? sql`(select coalesce(json_agg(json_build_array(o.id, o.event_registration_state)), '[]'::json)
        from ${r} o where o.event_id = ${eventId} and o.person_id = ${params.personId}
          and (o.expires_at is null or o.expires_at > ${now.toISOString()}::timestamptz
            or o.event_registration_state <> ${RegistrationState.Pending}))`
    : sql`'[]'::json`;
  const [row] = await tx
    .select({
      taken: params.countSlots ? sql<number>`(${taken})::int` : sql<number>`0`,
      hasWaiting: sql<boolean>`exists(${waiting})`,
      existingId: sql<string | null>`(${existing})`,
      own: sql<[string, number][] | string>`${own}`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const ownRows = typeof row!.own === 'string' ? (JSON.parse(row!.own) as [string, number][]) : row!.own;
  return {
    taken: Number(row!.taken),
    hasWaiting: Boolean(row!.hasWaiting),
    existingId: row!.existingId,
    own: ownRows.map(([id, eventRegistrationState]) => ({ id, eventRegistrationState })),
  };
}

/** Confirmed and unexpired Pending registrations take a slot (spec 02 §4, issue 15). */
export async function countTakenSlots(db: DbOrTx, params: { eventId: string; now: Date; exceptId?: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(
      and(
        eq(r.eventId, params.eventId),
        holdsSlotAt(params.now),
        params.exceptId ? ne(r.id, params.exceptId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** A person's registrations of an event, for the availability rules; expired Pending ones are gone. */
export async function findOwnRegistrations(db: DbOrTx, params: { eventId: string; personId: string; now: Date }) {
  return db
    .select({ id: r.id, eventRegistrationState: r.eventRegistrationState })
    .from(r)
    .where(
      and(
        eq(r.eventId, params.eventId),
        eq(r.personId, params.personId),
        or(isNull(r.expiresAt), gt(r.expiresAt, params.now), ne(r.eventRegistrationState, RegistrationState.Pending)),
      ),
    );
}

/** The active registration of the event with this e-mail address (citext: any case), if any. */
export async function findActiveRegistrationWithEmail(
  db: DbOrTx,
  params: { eventId: string; email: string; now: Date; exceptId?: string },
) {
  const [row] = await db
    .select({
      id: r.id,
      eventRegistrationState: r.eventRegistrationState,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      languageCode: r.languageCode,
      linksResentAt: r.linksResentAt,
    })
    .from(r)
    .where(
      and(
        eq(r.eventId, params.eventId),
        eq(r.email, params.email),
        // Waiting too (issue 19): one registration per address, on the list or with a place.
        or(holdsSlotAt(params.now), eq(r.eventRegistrationState, RegistrationState.Waiting)),
        params.exceptId ? ne(r.id, params.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Whether another active registration of the event uses this e-mail address. */
export async function hasActiveRegistrationWithEmail(
  db: DbOrTx,
  params: { eventId: string; email: string; now: Date; exceptId?: string },
) {
  return (await findActiveRegistrationWithEmail(db, params)) !== undefined;
}
