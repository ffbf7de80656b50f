import { publicPageEventStates } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { holdsSlotAt } from '../../db/registration-slots';
import { calendarFeeds } from '../../db/schema/calendar-feeds';
import { clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
import { eventRegistrations as r } from '../../db/schema/registrations';

/** The calendar feeds (issue 19): a person's feed key and the events of the two kinds of feed. */

export async function findFeedOfPerson(db: DbOrTx, params: { personId: string }) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.personId, params.personId));
  return row;
}

export async function findFeedByKeyHash(db: DbOrTx, params: { keyHash: string }) {
  const [row] = await db
    .select({ personId: calendarFeeds.personId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.keyHash, params.keyHash));
  return row;
}

/** Stores the person's (new) feed key; the row's created_at is part of the key (see the service). */
export async function saveFeed(db: DbOrTx, params: { personId: string; keyHash: string; createdAt: Date }) {
  await db
    .insert(calendarFeeds)
    .values(params)
    .onConflictDoUpdate({
      target: calendarFeeds.personId,
      set: { keyHash: params.keyHash, createdAt: params.createdAt },
    });
}

const eventColumns = {
  id: events.id,
  title: events.title,
  eventFrom: events.eventFrom,
  eventTo: events.eventTo,
  location: events.location,
  street: events.street,
  zip: events.zip,
  city: events.city,
  teaserText: events.teaserText,
  eventState: events.eventState,
  updatedAt: events.updatedAt,
};
export type FeedEvent = Awaited<ReturnType<typeof findClubFeedEvents>>[number] & { isTentative?: boolean };
const endsAfter = (from: Date) => gte(sql`coalesce(${events.eventTo}, ${events.eventFrom})`, from);

/** A club's public events (as responsible club) that end on or after `from`, newest first. */
export async function findClubFeedEvents(db: DbOrTx, params: { clubId: string; from: Date; limit: number }) {
  return db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        eq(events.responsibleClubId, params.clubId),
        inArray(events.eventState, [...publicPageEventStates]),
        endsAfter(params.from),
      ),
    )
    .orderBy(desc(events.eventFrom), desc(events.id))
    .limit(params.limit);
}

/** The events a person holds a place at (Confirmed, or Pending and not expired) ending on or after `from`. */
export async function findPersonFeedEvents(
  db: DbOrTx,
  params: { personId: string; from: Date; now: Date; limit: number },
) {
  return db
    .select({ ...eventColumns, registrationState: r.eventRegistrationState })
    .from(r)
    .innerJoin(events, eq(events.id, r.eventId))
    .where(
      and(
        eq(r.personId, params.personId),
        or(eq(r.eventRegistrationState, RegistrationState.Confirmed), holdsSlotAt(params.now)),
        endsAfter(params.from),
      ),
    )
    .orderBy(desc(events.eventFrom), desc(events.id))
    .limit(params.limit);
}

export async function findClubName(db: DbOrTx, params: { clubId: string }) {
  const [row] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, params.clubId));
  return row?.name;
}
