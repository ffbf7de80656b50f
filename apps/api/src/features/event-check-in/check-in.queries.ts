import { toIsoWithoutMilliseconds } from '@bpw/domain/time-input';
import { asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { eventCheckIns } from '../../db/schema/check-ins';
import { events } from '../../db/schema/events';
import { persons } from '../../db/schema/persons';
import { eventRegistrations } from '../../db/schema/registrations';

/** Reads and writes of tickets and check-ins (issue 19). */
const r = eventRegistrations;
const c = eventCheckIns;
const checker = alias(persons, 'checker');

const iso = (date: Date | null) => (date ? toIsoWithoutMilliseconds(date) : null);
type CheckerRow = { checkerId: string | null; checkerFirstname: string | null; checkerLastname: string | null };
const checkedInByOf = (row: CheckerRow) =>
  row.checkerId
    ? { id: row.checkerId, firstname: row.checkerFirstname ?? '', lastname: row.checkerLastname ?? '' }
    : null;
const checkerColumns = {
  checkerId: checker.id,
  checkerFirstname: checker.firstname,
  checkerLastname: checker.lastname,
};

/** What a ticket shows and what the door decides on: the registration with its event. */
export async function findTicketRegistration(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({
      id: r.id,
      eventId: r.eventId,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      personId: r.personId,
      languageCode: r.languageCode,
      eventRegistrationState: r.eventRegistrationState,
      eventTitle: events.title,
      eventFrom: events.eventFrom,
      location: events.location,
      responsibleClubId: events.responsibleClubId,
    })
    .from(r)
    .innerJoin(events, eq(events.id, r.eventId))
    .where(eq(r.id, params.id));
  return row;
}

export async function findCheckInEvent(db: DbOrTx, params: { eventId: string }) {
  const [row] = await db
    .select({ id: events.id, responsibleClubId: events.responsibleClubId })
    .from(events)
    .where(eq(events.id, params.eventId));
  return row;
}

/**
 * Stores a check-in; the earliest time wins (issue 19: two devices, one offline). The unique key
 * on the registration makes simultaneous requests wait for each other: of equal or later ones
 * nothing changes. Only a check-in queued offline (`isQueued`, its own time) replaces a later
 * one: an online check-in is timed when its request arrives, and of two scans at the door at
 * once the one that reached the database second must not replace the first because its request
 * came a millisecond earlier.
 */
export async function storeEarliestCheckIn(
  db: DbOrTx,
  params: { registrationId: string; eventId: string; checkedInAt: Date; checkedInBy: string; isQueued: boolean },
): Promise<boolean> {
  const { isQueued, ...values } = params;
  const rows = await db
    .insert(c)
    .values(values)
    .onConflictDoUpdate({
      target: c.registrationId,
      set: {
        checkedInAt: sql`excluded.checked_in_at`,
        checkedInBy: sql`excluded.checked_in_by`,
        recordedAt: sql`now()`,
      },
      setWhere: isQueued ? sql`${c.checkedInAt} > excluded.checked_in_at` : sql`false`,
    })
    .returning({ registrationId: c.registrationId });
  // A row comes back when this check-in was stored (first, or earlier than the one before).
  return rows.length > 0;
}

export async function findCheckIn(db: DbOrTx, params: { registrationId: string }) {
  const [row] = await db
    .select({ checkedInAt: c.checkedInAt, ...checkerColumns })
    .from(c)
    .leftJoin(checker, eq(checker.id, c.checkedInBy))
    .where(eq(c.registrationId, params.registrationId));
  return row ? { checkedInAt: iso(row.checkedInAt)!, checkedInBy: checkedInByOf(row) } : undefined;
}

/**
 * A page of the event's registrations for the door, in the order of the index on (event,
 * state, registeredAt): Confirmed ones and the others, so that a device offline can say
 * "unregistered" rather than "unknown".
 */
export async function findAttendees(db: DbOrTx, params: { eventId: string; limit: number; offset: number }) {
  const rows = await db
    .select({
      registrationId: r.id,
      firstname: r.firstname,
      lastname: r.lastname,
      eventRegistrationState: r.eventRegistrationState,
      checkedInAt: c.checkedInAt,
      ...checkerColumns,
    })
    .from(r)
    .leftJoin(c, eq(c.registrationId, r.id))
    .leftJoin(checker, eq(checker.id, c.checkedInBy))
    .where(eq(r.eventId, params.eventId))
    .orderBy(asc(r.eventRegistrationState), asc(r.registeredAt), asc(r.id))
    .limit(params.limit)
    .offset(params.offset);
  const [total] = await db.select({ n: count() }).from(r).where(eq(r.eventId, params.eventId));
  return {
    items: rows.map((row) => ({
      registrationId: row.registrationId,
      firstname: row.firstname,
      lastname: row.lastname,
      eventRegistrationState: row.eventRegistrationState,
      checkedInAt: iso(row.checkedInAt),
      checkedInBy: checkedInByOf(row),
    })),
    total: total?.n ?? 0,
  };
}
