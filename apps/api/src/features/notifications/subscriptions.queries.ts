import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { notificationSubscriptions as subscriptions } from '../../db/schema/notifications';

const columns = {
  id: subscriptions.id,
  personId: subscriptions.personId,
  clubId: subscriptions.clubId,
  notificationType: subscriptions.notificationType,
  isApplicationEnabled: subscriptions.isApplicationEnabled,
  isEmailEnabled: subscriptions.isEmailEnabled,
};

/** A person's subscriptions, registration-related (no club) first, then by club name and type. */
export async function findSubscriptions(
  db: DbOrTx,
  params: { personId: string; limit: number | undefined; offset: number },
) {
  const where = eq(subscriptions.personId, params.personId);
  let query = db
    .select(columns)
    .from(subscriptions)
    .leftJoin(clubs, eq(clubs.id, subscriptions.clubId))
    .where(where)
    .orderBy(sql`${clubs.name} asc nulls first`, asc(subscriptions.notificationType), asc(subscriptions.id))
    .offset(params.offset)
    .$dynamic();
  if (params.limit !== undefined) query = query.limit(params.limit);
  const [items, [total]] = await Promise.all([query, db.select({ n: count() }).from(subscriptions).where(where)]);
  return { items, total: total?.n ?? 0 };
}

/** Undefined when the same person, club and type is already subscribed (unique, nulls not distinct). */
export async function insertSubscription(db: DbOrTx, values: typeof subscriptions.$inferInsert) {
  const [row] = await db.insert(subscriptions).values(values).onConflictDoNothing().returning(columns);
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  params: { personId: string; id: string; isApplicationEnabled: boolean; isEmailEnabled: boolean },
) {
  const [row] = await db
    .update(subscriptions)
    .set({ isApplicationEnabled: params.isApplicationEnabled, isEmailEnabled: params.isEmailEnabled })
    .where(and(eq(subscriptions.id, params.id), eq(subscriptions.personId, params.personId)))
    .returning(columns);
  return row;
}

export async function deleteSubscription(db: DbOrTx, params: { personId: string; id: string }) {
  const rows = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, params.id), eq(subscriptions.personId, params.personId)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

export async function clubExists(db: DbOrTx, clubId: string) {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
  return row !== undefined;
}
