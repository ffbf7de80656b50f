import type { EventPublicationSortKey } from '@bpw/domain/schemas/event-publication';
import { type SQL, and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
import { eventPublications } from '../../db/schema/publications';

const targetClub = alias(clubs, 'target_club');
const responsibleClub = alias(clubs, 'responsible_club');

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const sortColumns = {
  eventFrom: events.eventFrom,
  eventTitle: events.title,
  clubName: targetClub.name,
  eventState: events.eventState,
  eventPublicationState: eventPublications.eventPublicationState,
} satisfies Record<EventPublicationSortKey, unknown>;

const rowColumns = {
  id: eventPublications.id,
  eventId: eventPublications.eventId,
  clubId: eventPublications.clubId,
  clubName: targetClub.name,
  eventPublicationState: eventPublications.eventPublicationState,
  isLocked: eventPublications.isLocked,
  eventTitle: events.title,
  eventState: events.eventState,
  eventFrom: events.eventFrom,
  eventTo: events.eventTo,
  responsibleClubId: events.responsibleClubId,
  responsibleClubName: responsibleClub.name,
};
export type PublicationRow = {
  id: string;
  eventId: string;
  clubId: string;
  clubName: string;
  eventPublicationState: number;
  isLocked: boolean;
  eventTitle: string;
  eventState: number;
  eventFrom: Date;
  eventTo: Date | null;
  responsibleClubId: string;
  responsibleClubName: string;
};

/**
 * Whose publications a caller sees (spec 02 §6): null means all (admins); otherwise those of the
 * events of `eventClubIds` and those offered to `targetClubIds`.
 */
export type PublicationScope = { eventClubIds: readonly string[]; targetClubIds: readonly string[] } | null;

function scopeCondition(scope: PublicationScope): SQL | undefined {
  if (scope === null) return undefined;
  const parts = [
    scope.eventClubIds.length ? inArray(events.responsibleClubId, [...scope.eventClubIds]) : undefined,
    scope.targetClubIds.length ? inArray(eventPublications.clubId, [...scope.targetClubIds]) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? or(...parts) : sql`false`;
}

export async function findPublications(
  db: DbOrTx,
  params: {
    scope: PublicationScope;
    eventId?: string;
    clubId?: string;
    clubName?: string;
    eventTitle?: string;
    eventStates: readonly number[];
    publicationStates: readonly number[];
    sort: { key: EventPublicationSortKey; isDesc: boolean }[];
    limit: number | undefined;
    offset: number;
  },
): Promise<{ items: PublicationRow[]; total: number }> {
  const where = and(
    scopeCondition(params.scope),
    params.eventId ? eq(eventPublications.eventId, params.eventId) : undefined,
    params.clubId ? eq(eventPublications.clubId, params.clubId) : undefined,
    params.clubName ? ilike(targetClub.name, likePattern(params.clubName)) : undefined,
    params.eventTitle ? ilike(events.title, likePattern(params.eventTitle)) : undefined,
    params.eventStates.length ? inArray(events.eventState, [...params.eventStates]) : undefined,
    params.publicationStates.length
      ? inArray(eventPublications.eventPublicationState, [...params.publicationStates])
      : undefined,
  );
  const order = params.sort.map((s) => (s.isDesc ? desc(sortColumns[s.key]) : asc(sortColumns[s.key])));
  let query = db
    .select(rowColumns)
    .from(eventPublications)
    .innerJoin(events, eq(events.id, eventPublications.eventId))
    .innerJoin(targetClub, eq(targetClub.id, eventPublications.clubId))
    .innerJoin(responsibleClub, eq(responsibleClub.id, events.responsibleClubId))
    .where(where)
    .orderBy(...order, asc(events.eventFrom), asc(targetClub.name), asc(eventPublications.id))
    .offset(params.offset)
    .$dynamic();
  if (params.limit !== undefined) query = query.limit(params.limit);
  const countQuery = db
    .select({ n: count() })
    .from(eventPublications)
    .innerJoin(events, eq(events.id, eventPublications.eventId))
    .innerJoin(targetClub, eq(targetClub.id, eventPublications.clubId))
    .where(where);
  const [items, [total]] = await Promise.all([query, countQuery]);
  return { items, total: total?.n ?? 0 };
}

/** One publication with what its rules need; `forUpdate` locks the row for a state change. */
export async function findPublication(db: DbOrTx, params: { id: string; forUpdate?: boolean }) {
  const query = db
    .select(rowColumns)
    .from(eventPublications)
    .innerJoin(events, eq(events.id, eventPublications.eventId))
    .innerJoin(targetClub, eq(targetClub.id, eventPublications.clubId))
    .innerJoin(responsibleClub, eq(responsibleClub.id, events.responsibleClubId))
    .where(eq(eventPublications.id, params.id));
  const [row] = await (params.forUpdate ? query.for('update', { of: eventPublications }) : query);
  return row as PublicationRow | undefined;
}

export async function findPublicationRows(db: DbOrTx, params: { ids: readonly string[] }) {
  if (params.ids.length === 0) return [];
  return db
    .select(rowColumns)
    .from(eventPublications)
    .innerJoin(events, eq(events.id, eventPublications.eventId))
    .innerJoin(targetClub, eq(targetClub.id, eventPublications.clubId))
    .innerJoin(responsibleClub, eq(responsibleClub.id, events.responsibleClubId))
    .where(inArray(eventPublications.id, [...params.ids]))
    .orderBy(asc(targetClub.name), asc(eventPublications.id));
}

export async function findEventOwner(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({ id: events.id, responsibleClubId: events.responsibleClubId })
    .from(events)
    .where(eq(events.id, params.id));
  return row;
}

export async function clubExists(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, params.id));
  return row !== undefined;
}

export async function findClubNames(db: DbOrTx, params: { ids: readonly string[] }) {
  if (params.ids.length === 0) return [];
  return db
    .select({ id: clubs.id, name: clubs.name })
    .from(clubs)
    .where(inArray(clubs.id, [...params.ids]));
}

/** The clubs of `clubIds` this event is already offered to. */
export async function findPublishedClubs(db: DbOrTx, params: { eventId: string; clubIds: readonly string[] }) {
  if (params.clubIds.length === 0) return [];
  return db
    .select({ clubId: eventPublications.clubId, clubName: clubs.name })
    .from(eventPublications)
    .innerJoin(clubs, eq(clubs.id, eventPublications.clubId))
    .where(and(eq(eventPublications.eventId, params.eventId), inArray(eventPublications.clubId, [...params.clubIds])))
    .orderBy(asc(clubs.name));
}

/** Inserts the new offers; one already there (a concurrent call) is left alone and not returned. */
export async function insertPublications(
  db: DbOrTx,
  params: { eventId: string; clubIds: readonly string[]; isLocked: boolean },
) {
  return db
    .insert(eventPublications)
    .values(params.clubIds.map((clubId) => ({ eventId: params.eventId, clubId, isLocked: params.isLocked })))
    .onConflictDoNothing()
    .returning({ id: eventPublications.id });
}

export async function updatePublicationState(
  db: DbOrTx,
  params: { id: string; eventPublicationState: number; isLocked: boolean },
) {
  await db
    .update(eventPublications)
    .set({ eventPublicationState: params.eventPublicationState, isLocked: params.isLocked })
    .where(eq(eventPublications.id, params.id));
}

export async function deletePublication(db: DbOrTx, params: { id: string }) {
  await db.delete(eventPublications).where(eq(eventPublications.id, params.id));
}
