import { RegistrationState } from '@bpw/domain/enums/registration';
import type { EventRegistration, EventRegistrationSortKey } from '@bpw/domain/schemas/event-registration';
import { toIsoWithoutMilliseconds } from '@bpw/domain/time-input';
import { type SQL, and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { eventCheckIns } from '../../db/schema/check-ins';
import { clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
import { persons } from '../../db/schema/persons';
import { eventCustomFieldValues, eventRegistrations } from '../../db/schema/registrations';
import { findWaitingPlaces } from './waiting-list.queries';

/** Registration reads (spec 02 §3 "EventRegistration"); the writes are in registration-writes.queries.ts. */
const r = eventRegistrations;
const v = eventCustomFieldValues;
// The manager who checked the registrant in (issue 19).
const checker = alias(persons, 'checker');

const columns = {
  id: r.id,
  eventId: r.eventId,
  personId: r.personId,
  firstname: r.firstname,
  lastname: r.lastname,
  address1: r.address1,
  address2: r.address2,
  street: r.street,
  city: r.city,
  zip: r.zip,
  county: r.county,
  state: r.state,
  countryCode: r.countryCode,
  email: r.email,
  remarks: r.remarks,
  unregistrationRemarks: r.unregistrationRemarks,
  paymentState: r.paymentState,
  paymentStatus: r.paymentStatus,
  eventRegistrationState: r.eventRegistrationState,
  registeredAt: r.registeredAt,
  unregisteredAt: r.unregisteredAt,
  expiresAt: r.expiresAt,
  checkedInAt: eventCheckIns.checkedInAt,
  checkerId: checker.id,
  checkerFirstname: checker.firstname,
  checkerLastname: checker.lastname,
  movedUpAt: r.movedUpAt,
  languageCode: r.languageCode,
  personFirstname: persons.firstname,
  personLastname: persons.lastname,
  eventTitle: events.title,
  eventState: events.eventState,
  eventFrom: events.eventFrom,
  eventTo: events.eventTo,
  eventLocation: events.location,
  eventStreet: events.street,
  eventZip: events.zip,
  eventCity: events.city,
  eventUnregistrationTo: events.unregistrationTo,
  eventImageId: events.eventImageId,
  responsibleClubId: events.responsibleClubId,
  responsibleClubName: clubs.name,
};
type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};
/** A registration as read, with the fields the services need beyond the API shape. */
export type RegistrationRecord = EventRegistration & { languageCode: string; responsibleClubId: string };

const iso = (date: Date | null) => (date ? toIsoWithoutMilliseconds(date) : null);

function toRecord(
  row: Row,
  values: EventRegistration['eventCustomFieldValues'],
  waitingListPlace: number | null = null,
): RegistrationRecord {
  return {
    id: row.id,
    eventId: row.eventId,
    event: {
      id: row.eventId,
      title: row.eventTitle!,
      eventState: row.eventState!,
      eventFrom: iso(row.eventFrom)!,
      eventTo: iso(row.eventTo),
      location: row.eventLocation!,
      street: row.eventStreet!,
      zip: row.eventZip!,
      city: row.eventCity!,
      unregistrationTo: iso(row.eventUnregistrationTo),
      eventImageId: row.eventImageId,
      responsibleClub: { id: row.responsibleClubId!, name: row.responsibleClubName! },
    },
    personId: row.personId,
    person: row.personId
      ? { id: row.personId, firstname: row.personFirstname ?? '', lastname: row.personLastname ?? '' }
      : null,
    firstname: row.firstname,
    lastname: row.lastname,
    address1: row.address1,
    address2: row.address2,
    street: row.street,
    city: row.city,
    zip: row.zip,
    county: row.county,
    state: row.state,
    countryCode: row.countryCode,
    email: row.email,
    remarks: row.remarks,
    unregistrationRemarks: row.unregistrationRemarks,
    paymentState: row.paymentState,
    paymentStatus: row.paymentStatus,
    eventRegistrationState: row.eventRegistrationState,
    registeredAt: iso(row.registeredAt)!,
    unregisteredAt: iso(row.unregisteredAt),
    expiresAt: iso(row.expiresAt),
    checkIn: row.checkedInAt
      ? {
          checkedInAt: iso(row.checkedInAt)!,
          checkedInBy: row.checkerId ? { firstname: row.checkerFirstname!, lastname: row.checkerLastname! } : null,
        }
      : null,
    waitingListPlace,
    movedUpAt: iso(row.movedUpAt),
    eventCustomFieldValues: values,
    languageCode: row.languageCode,
    responsibleClubId: row.responsibleClubId!,
  };
}

/** The custom values of these registrations: one query for a whole page. */
async function valuesOf(db: DbOrTx, registrationIds: string[]) {
  if (registrationIds.length === 0) return new Map<string, EventRegistration['eventCustomFieldValues']>();
  const rows = await db
    .select({ id: v.id, registrationId: v.registrationId, eventCustomFieldId: v.eventCustomFieldId, value: v.value })
    .from(v)
    .where(inArray(v.registrationId, registrationIds))
    .orderBy(asc(v.id));
  const map = new Map<string, EventRegistration['eventCustomFieldValues']>();
  for (const { registrationId, ...value } of rows) map.set(registrationId, [...(map.get(registrationId) ?? []), value]);
  return map;
}

const select = (db: DbOrTx) =>
  db
    .select(columns)
    .from(r)
    .innerJoin(events, eq(events.id, r.eventId))
    .innerJoin(clubs, eq(clubs.id, events.responsibleClubId))
    .leftJoin(persons, eq(persons.id, r.personId))
    .leftJoin(eventCheckIns, eq(eventCheckIns.registrationId, r.id))
    .leftJoin(checker, eq(checker.id, eventCheckIns.checkedInBy));

async function findOne(db: DbOrTx, where: SQL): Promise<RegistrationRecord | undefined> {
  const [row] = await select(db).where(where);
  if (!row) return undefined;
  const places = await findWaitingPlaces(db, [row as Row]);
  return toRecord(row as Row, (await valuesOf(db, [row.id])).get(row.id) ?? [], places.get(row.id) ?? null);
}

export const findRegistration = (db: DbOrTx, params: { id: string }) => findOne(db, eq(r.id, params.id));
export const findRegistrationByKeyHash = (db: DbOrTx, params: { linkKeyHash: string }) =>
  findOne(db, eq(r.linkKeyHash, params.linkKeyHash));

/* ------------------------------------------------------------------ lists */

/** Spec 02 §4 "Registration sorting": Confirmed first, then Pending, then the others (Waiting next, issue 19). */
const stateRank = sql`case ${r.eventRegistrationState} when ${RegistrationState.Confirmed} then 0 when ${RegistrationState.Pending} then 1 when ${RegistrationState.Waiting} then 2 when ${RegistrationState.Rejected} then 3 else 4 end`;
const sortColumns = {
  eventRegistrationState: stateRank,
  registeredAt: r.registeredAt,
  firstname: r.firstname,
  lastname: r.lastname,
  email: r.email,
  paymentStatus: r.paymentStatus,
  eventFrom: events.eventFrom,
} satisfies Record<EventRegistrationSortKey, unknown>;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type RegistrationListParams = {
  /** The list's scope: one event's registrations, or one person's (limited to some events). */
  scope: { eventId: string } | { personId: string; clubIds: readonly string[] | 'all' };
  states: readonly number[];
  eventIds?: readonly string[];
  fulltext?: string | undefined;
  sort: { key: EventRegistrationSortKey; isDesc: boolean }[];
  limit: number | undefined;
  offset: number;
};

function listWhere(params: RegistrationListParams) {
  const { scope } = params;
  const words = (params.fulltext ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
  return and(
    'eventId' in scope ? eq(r.eventId, scope.eventId) : eq(r.personId, scope.personId),
    'personId' in scope && scope.clubIds !== 'all'
      ? scope.clubIds.length
        ? inArray(events.responsibleClubId, [...scope.clubIds])
        : sql`false`
      : undefined,
    params.eventIds?.length ? inArray(r.eventId, [...params.eventIds]) : undefined,
    params.states.length ? inArray(r.eventRegistrationState, [...params.states]) : undefined,
    ...words.map((word) =>
      or(
        ilike(r.firstname, likePattern(word)),
        ilike(r.lastname, likePattern(word)),
        ilike(r.email, likePattern(word)),
      ),
    ),
  );
}

/** A page of registrations; default order state (Confirmed first), then registeredAt (spec 02 §9). */
export async function findRegistrations(db: DbOrTx, params: RegistrationListParams) {
  const where = listWhere(params);
  const sort = params.sort.length ? params.sort : [{ key: 'eventRegistrationState' as const, isDesc: false }];
  const order = sort.map((s) => (s.isDesc ? desc(sortColumns[s.key]) : asc(sortColumns[s.key])));
  let query = select(db)
    .where(where)
    .orderBy(...order, asc(r.registeredAt), asc(r.id))
    .offset(params.offset)
    .$dynamic();
  if (params.limit !== undefined) query = query.limit(params.limit);
  const rows = (await query) as Row[];
  const [total] = await db.select({ n: count() }).from(r).innerJoin(events, eq(events.id, r.eventId)).where(where);
  const values = await valuesOf(
    db,
    rows.map((row) => row.id),
  );
  const places = await findWaitingPlaces(db, rows);
  return {
    items: rows.map((row) => toRecord(row, values.get(row.id) ?? [], places.get(row.id) ?? null)),
    total: total?.n ?? 0,
  };
}

/** GET event-public/{id}/registered-people: Confirmed registrations, names only. */
export async function findConfirmedNames(db: DbOrTx, params: { eventId: string }) {
  return db
    .select({ firstname: r.firstname, lastname: r.lastname })
    .from(r)
    .where(and(eq(r.eventId, params.eventId), eq(r.eventRegistrationState, RegistrationState.Confirmed)))
    .orderBy(asc(r.lastname), asc(r.firstname), asc(r.id));
}

export async function personExists(db: DbOrTx, params: { personId: string }) {
  const [row] = await db.select({ id: persons.id }).from(persons).where(eq(persons.id, params.personId));
  return row !== undefined;
}
