import { EventRegistrationType } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { registrationTypeOf } from '@bpw/domain/event-registration-type';
import type { Event, EventSortKey } from '@bpw/domain/schemas/event';
import { toIsoWithoutMilliseconds } from '@bpw/domain/time-input';
import { type SQL, and, asc, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { eventCategories, eventCategoryLinks, events } from '../../db/schema/events';
import { eventRegistrations } from '../../db/schema/registrations';
import { holdsSlotAt } from '../../db/registration-slots';

/**
 * The event read shape (spec 02 §3) in one statement per page, whatever its size: categories as
 * a JSON array and the active registrations as a count, both correlated subqueries (no N+1).
 */

/** Confirmed and unexpired Pending registrations hold a slot (spec 02 §4, issue 15). */
export const takenSlotsSql = (now: Date) => sql<number>`(select count(*)::int from ${eventRegistrations}
  where ${eventRegistrations.eventId} = ${events.id}
    and ${holdsSlotAt(now)})`;

const categoriesSql = sql<{ id: string; title: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${eventCategories.id}, 'title', ${eventCategories.title})
    order by ${eventCategories.title}, ${eventCategories.id})
  from ${eventCategoryLinks} join ${eventCategories} on ${eventCategories.id} = ${eventCategoryLinks.eventCategoryId}
  where ${eventCategoryLinks.eventId} = ${events.id}), '[]'::json)`;

const columnsAt = (now: Date) => ({
  id: events.id,
  title: events.title,
  eventState: events.eventState,
  eventFrom: events.eventFrom,
  eventTo: events.eventTo,
  registrationSlots: events.registrationSlots,
  registrationTo: events.registrationTo,
  unregistrationTo: events.unregistrationTo,
  externalRegistrationUrl: events.externalRegistrationUrl,
  contactDetails: events.contactDetails,
  isRegistrationListPublic: events.isRegistrationListPublic,
  registrationConfirmHours: events.registrationConfirmHours,
  hasWaitingList: events.hasWaitingList,
  isWaitingListClosed: events.isWaitingListClosed,
  waitingListConfirmHours: events.waitingListConfirmHours,
  location: events.location,
  address1: events.address1,
  address2: events.address2,
  street: events.street,
  zip: events.zip,
  city: events.city,
  county: events.county,
  state: events.state,
  countryCode: events.countryCode,
  teaserText: events.teaserText,
  description: events.description,
  cost: events.cost,
  defaultLanguageCode: events.defaultLanguageCode,
  geoCodingStatus: events.geoCodingStatus,
  lat: events.lat,
  long: events.long,
  responsibleClubId: events.responsibleClubId,
  responsibleClubName: clubs.name,
  eventImageId: events.eventImageId,
  takenSlots: takenSlotsSql(now),
  categories: categoriesSql,
});

type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

const selectEvents = (db: DbOrTx, now: Date) =>
  db.select(columnsAt(now)).from(events).innerJoin(clubs, eq(clubs.id, events.responsibleClubId)).$dynamic();

const iso = (date: Date | null) => (date ? toIsoWithoutMilliseconds(date) : null);

function toEvent(row: EventRow): Event {
  const { takenSlots, categories, responsibleClubName, ...event } = row;
  const registrationType = registrationTypeOf(event);
  // Slots left only for a limited event (spec 02 §3); never negative, even if slots were lowered.
  const isLimited = registrationType === EventRegistrationType.LimitedSlots;
  return {
    ...event,
    eventFrom: iso(event.eventFrom)!,
    eventTo: iso(event.eventTo),
    registrationTo: iso(event.registrationTo),
    unregistrationTo: iso(event.unregistrationTo),
    eventCategories: categories,
    registrationType,
    availableRegistrationSlots: isLimited ? Math.max(0, event.registrationSlots! - Number(takenSlots)) : null,
    responsibleClub: { id: event.responsibleClubId, name: responsibleClubName },
  };
}

const sortColumns = {
  eventFrom: events.eventFrom,
  eventTo: events.eventTo,
  // Case-insensitive, as people read a list.
  title: sql`lower(${events.title})`,
  eventState: events.eventState,
} as const satisfies Record<EventSortKey, unknown>;

export type EventSort = { key: EventSortKey; isDescending: boolean }[];

/** The chosen keys, then the default eventFrom and eventTo (spec 02 §9), then id: pages never overlap. */
function orderBy(sort: EventSort): SQL[] {
  const keys: EventSort = [...sort, { key: 'eventFrom', isDescending: false }, { key: 'eventTo', isDescending: false }];
  const seen = new Set<string>();
  const order: SQL[] = [];
  for (const { key, isDescending } of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const column = sortColumns[key];
    order.push(isDescending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`);
  }
  order.push(asc(events.id));
  return order;
}

export async function findEventPage(
  db: DbOrTx,
  params: { where: SQL | undefined; sort: EventSort; page: number; perPage: number; now: Date },
): Promise<Event[]> {
  const query = selectEvents(db, params.now)
    .where(params.where)
    .orderBy(...orderBy(params.sort))
    .$dynamic();
  // PerPage 0 means all (DESIGN "API contract").
  const rows =
    params.perPage > 0 ? await query.limit(params.perPage).offset(params.page * params.perPage) : await query;
  return rows.map(toEvent);
}

export async function countEvents(db: DbOrTx, params: { where: SQL | undefined }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(events)
    .innerJoin(clubs, eq(clubs.id, events.responsibleClubId))
    .where(params.where);
  return row?.total ?? 0;
}

/** One event in the read shape; `where` narrows further (e.g. to public states). */
export async function findEvent(
  db: DbOrTx,
  params: { id: string; where?: SQL | undefined; now: Date },
): Promise<Event | undefined> {
  const [row] = await selectEvents(db, params.now).where(and(eq(events.id, params.id), params.where));
  return row ? toEvent(row) : undefined;
}

/** The caller's own registrations of an event (for her registration status); expired Pending ones are gone. */
export async function findOwnRegistrations(db: DbOrTx, params: { eventId: string; personId: string; now: Date }) {
  const r = eventRegistrations;
  return db
    .select({ id: r.id, eventRegistrationState: r.eventRegistrationState })
    .from(r)
    .where(
      and(
        eq(r.eventId, params.eventId),
        eq(r.personId, params.personId),
        or(ne(r.eventRegistrationState, RegistrationState.Pending), isNull(r.expiresAt), gt(r.expiresAt, params.now)),
      ),
    );
}
