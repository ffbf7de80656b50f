import type { Actor } from '@bpw/domain/actor';
import { publicPageEventStates } from '@bpw/domain/enums/event';
import type { EventListQuery } from '@bpw/domain/schemas/event';
import { type SQL, and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { clubs } from '../../db/schema/clubs';
import { eventCategoryLinks, events } from '../../db/schema/events';
import { PRODUCT_TIME_ZONE } from '../../platform/auth/today';

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Who sees which events (docs/decisions/events.md): anonymous visitors and members see the
 * public states (Published, OpenForRegistration, Completed); event managers also every state of
 * their clubs' events; admins everything. `actor` null is a visitor who is not signed in.
 */
export function visibleEventsWhere(actor: Actor | null): SQL | undefined {
  if (actor?.isAdmin) return undefined;
  const isPublic = inArray(events.eventState, [...publicPageEventStates]);
  const managed = actor?.eventManagerOf ?? [];
  return managed.length > 0 ? or(isPublic, inArray(events.responsibleClubId, [...managed])) : isPublic;
}

/** The start of a calendar day in Switzerland, as an instant. */
const dayStart = (isoDate: string) => sql`(${isoDate}::date)::timestamp at time zone ${PRODUCT_TIME_ZONE}`;
const nextDayStart = (isoDate: string) => sql`(${isoDate}::date + 1)::timestamp at time zone ${PRODUCT_TIME_ZONE}`;

/**
 * The filters of GET event, event-public and club/{clubId}/event (spec 02 §7). Title matches the
 * title or the responsible club's name (the copy-custom-fields picker searches both, spec 02 §2).
 * DateFrom/DateTo are Swiss days: an event is in range when it ends on or after the start of
 * DateFrom and starts before the end of DateTo; an event without an end ends when it starts.
 */
export function eventListWhere(
  query: EventListQuery,
  scope: { actor: Actor | null; clubId?: string },
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visibleEventsWhere(scope.actor)];
  if (scope.clubId) conditions.push(eq(events.responsibleClubId, scope.clubId));
  if (query.Title) {
    const pattern = likePattern(query.Title);
    conditions.push(or(ilike(events.title, pattern), ilike(clubs.name, pattern)));
  }
  if (query.Clubs.length > 0) conditions.push(inArray(events.responsibleClubId, query.Clubs));
  if (query.EventStates.length > 0) conditions.push(inArray(events.eventState, query.EventStates));
  if (query.EventCategories.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${eventCategoryLinks} where ${eventCategoryLinks.eventId} = ${events.id}
        and ${inArray(eventCategoryLinks.eventCategoryId, query.EventCategories)})`,
    );
  }
  if (query.DateFrom)
    conditions.push(sql`coalesce(${events.eventTo}, ${events.eventFrom}) >= ${dayStart(query.DateFrom)}`);
  if (query.DateTo) conditions.push(sql`${events.eventFrom} < ${nextDayStart(query.DateTo)}`);
  return and(...conditions);
}
