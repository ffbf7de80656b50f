import type { ClubSortKey } from '@bpw/domain/schemas/club';
import { type SQL, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
import { eventPublications } from '../../db/schema/publications';

const columns = { id: clubs.id, name: clubs.name, clubType: clubs.clubType };
const sortColumns = { name: clubs.name, clubType: clubs.clubType } satisfies Record<ClubSortKey, unknown>;

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function findClubs(
  db: DbOrTx,
  params: {
    name?: string;
    sort: { key: ClubSortKey; isDesc: boolean }[];
    limit: number | undefined;
    offset: number;
  },
) {
  const where = params.name ? ilike(clubs.name, likePattern(params.name)) : undefined;
  const order: SQL[] = params.sort.map((s) => (s.isDesc ? desc(sortColumns[s.key]) : asc(sortColumns[s.key])));
  let query = db
    .select(columns)
    .from(clubs)
    .where(where)
    .orderBy(...order, asc(clubs.name), asc(clubs.id))
    .offset(params.offset)
    .$dynamic();
  if (params.limit !== undefined) query = query.limit(params.limit);
  const [items, [total]] = await Promise.all([query, db.select({ n: count() }).from(clubs).where(where)]);
  return { items, total: total?.n ?? 0 };
}

export async function findClub(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select(columns).from(clubs).where(eq(clubs.id, params.id));
  return row;
}

export async function insertClub(db: DbOrTx, values: { name: string; clubType: number }) {
  const [row] = await db.insert(clubs).values(values).returning(columns);
  return row!;
}

export async function updateClub(db: DbOrTx, params: { id: string; name: string; clubType: number }) {
  const [row] = await db
    .update(clubs)
    .set({ name: params.name, clubType: params.clubType })
    .where(eq(clubs.id, params.id))
    .returning(columns);
  return row;
}

/** What keeps a club from being deleted: its relations (any date) and its events and publications. */
export async function countClubDependents(db: DbOrTx, params: { id: string }) {
  const [[relations], [ownEvents], [publications]] = await Promise.all([
    db.select({ n: count() }).from(clubRelations).where(eq(clubRelations.clubId, params.id)),
    db.select({ n: count() }).from(events).where(eq(events.responsibleClubId, params.id)),
    db.select({ n: count() }).from(eventPublications).where(eq(eventPublications.clubId, params.id)),
  ]);
  return { relations: relations?.n ?? 0, events: (ownEvents?.n ?? 0) + (publications?.n ?? 0) };
}

export async function deleteClub(db: DbOrTx, params: { id: string }) {
  const rows = await db.delete(clubs).where(eq(clubs.id, params.id)).returning({ id: clubs.id });
  return rows.length > 0;
}
