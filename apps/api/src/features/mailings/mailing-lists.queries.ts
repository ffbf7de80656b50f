import { EntityState } from '@bpw/domain/enums/entity-state';
import { type SQL, and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails } from '../../db/schema/addresses';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { mailingListSubscriptions, mailingLists } from '../../db/schema/mailings';
import { persons } from '../../db/schema/persons';

/** ILIKE '%text%' with the wildcards of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export type ListRow = typeof mailingLists.$inferSelect;

export async function findList(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select().from(mailingLists).where(eq(mailingLists.id, params.id));
  return row;
}

/**
 * The lists a caller sees (docs/decisions/mailings.md), by name: `managed` clubs' lists, the
 * open lists of `memberOf` clubs and the open association-wide ones; `all` for admins.
 */
export function visibleListsWhere(
  params: { all: boolean; managed: readonly string[]; memberOf: readonly string[] },
  also?: SQL,
): SQL | undefined {
  if (params.all) return also;
  const inClubs = (ids: readonly string[]) =>
    ids.length === 0
      ? sql`false`
      : sql`${mailingLists.clubId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return and(
    sql`(${inClubs(params.managed)} or (${mailingLists.isOpen} and (${mailingLists.clubId} is null or ${inClubs(params.memberOf)})))`,
    also,
  );
}

export const byId = (id: string) => eq(mailingLists.id, id);

export async function findListPage(
  db: DbOrTx,
  params: { where: SQL | undefined; personId: string; limit: number; offset: number },
) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: mailingLists.id,
        clubId: mailingLists.clubId,
        clubName: clubs.name,
        name: mailingLists.name,
        description: mailingLists.description,
        isOpen: mailingLists.isOpen,
        subscriberCount: sql<number>`(select count(*)::int from ${mailingListSubscriptions} s where s.list_id = "mailing_lists"."id")`,
        isSubscribed: sql<boolean>`exists (select 1 from ${mailingListSubscriptions} s where s.list_id = "mailing_lists"."id" and s.person_id = ${params.personId})`,
      })
      .from(mailingLists)
      .leftJoin(clubs, eq(clubs.id, mailingLists.clubId))
      .where(params.where)
      .orderBy(asc(mailingLists.name), asc(mailingLists.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: count() }).from(mailingLists).where(params.where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export const clubFilter = (clubId: string | null | undefined): SQL | undefined =>
  clubId === undefined ? undefined : clubId === null ? isNull(mailingLists.clubId) : eq(mailingLists.clubId, clubId);

export async function insertList(tx: DbOrTx, values: typeof mailingLists.$inferInsert) {
  const [row] = await tx.insert(mailingLists).values(values).returning();
  return row!;
}

export async function updateList(
  tx: DbOrTx,
  params: { id: string; name: string; description: string; isOpen: boolean; now: Date },
) {
  await tx
    .update(mailingLists)
    .set({ name: params.name, description: params.description, isOpen: params.isOpen, updatedAt: params.now })
    .where(eq(mailingLists.id, params.id));
}

export async function deleteList(tx: DbOrTx, params: { id: string }) {
  await tx.delete(mailingLists).where(eq(mailingLists.id, params.id));
}

export async function findSubscriberPage(
  db: DbOrTx,
  params: { listId: string; name: string | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(mailingListSubscriptions.listId, params.listId),
    params.name
      ? sql`(${persons.lastname} ilike ${containsPattern(params.name)} or ${persons.firstname} ilike ${containsPattern(params.name)})`
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        personId: persons.id,
        firstname: persons.firstname,
        lastname: persons.lastname,
        email: addressEmails.value,
        subscribedAt: mailingListSubscriptions.createdAt,
      })
      .from(mailingListSubscriptions)
      .innerJoin(persons, eq(persons.id, mailingListSubscriptions.personId))
      .leftJoin(addressEmails, eq(addressEmails.id, persons.primaryEmailId))
      .where(where)
      .orderBy(asc(persons.lastname), asc(persons.firstname), asc(persons.id))
      .limit(params.limit)
      .offset(params.offset),
    db
      .select({ n: count() })
      .from(mailingListSubscriptions)
      .innerJoin(persons, eq(persons.id, mailingListSubscriptions.personId))
      .where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Adds a subscription; false when she was on the list already. */
export async function insertSubscription(tx: DbOrTx, params: { listId: string; personId: string; addedBy: string }) {
  const rows = await tx
    .insert(mailingListSubscriptions)
    .values(params)
    .onConflictDoNothing()
    .returning({ personId: mailingListSubscriptions.personId });
  return rows.length === 1;
}

export async function deleteSubscription(tx: DbOrTx, params: { listId: string; personId: string }) {
  await tx
    .delete(mailingListSubscriptions)
    .where(
      and(eq(mailingListSubscriptions.listId, params.listId), eq(mailingListSubscriptions.personId, params.personId)),
    );
}

export async function isSubscribed(db: DbOrTx, params: { listId: string; personId: string }) {
  const [row] = await db
    .select({ personId: mailingListSubscriptions.personId })
    .from(mailingListSubscriptions)
    .where(
      and(eq(mailingListSubscriptions.listId, params.listId), eq(mailingListSubscriptions.personId, params.personId)),
    );
  return row !== undefined;
}

/** A person with a relation active today with the club (any type), not archived: she may be on its list. */
export async function hasActiveRelation(db: DbOrTx, params: { personId: string; clubId: string; today: string }) {
  const [row] = await db
    .select({ id: clubRelations.id })
    .from(clubRelations)
    .innerJoin(persons, eq(persons.id, clubRelations.personId))
    .where(
      and(
        eq(clubRelations.personId, params.personId),
        eq(clubRelations.clubId, params.clubId),
        sql`${clubRelations.from} <= ${params.today} and (${clubRelations.to} is null or ${clubRelations.to} >= ${params.today})`,
        eq(persons.state, EntityState.Active),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function personExists(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select({ id: persons.id }).from(persons).where(eq(persons.id, params.id));
  return row !== undefined;
}
