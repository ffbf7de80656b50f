import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

const columns = {
  id: notifications.id,
  title: notifications.title,
  content: notifications.content,
  createdAt: notifications.createdAt,
  notificationType: notifications.notificationType,
  eventId: notifications.eventId,
  isRead: notifications.isRead,
  channel: notifications.channel,
};
export type NotificationRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] } & {
  eventId: string | null;
};

/** One person's inbox, newest first unless asked otherwise (index notifications_inbox_idx). */
export async function findNotifications(
  db: DbOrTx,
  params: {
    personId: string;
    isRead?: boolean;
    channel?: number;
    isNewestFirst: boolean;
    limit: number | undefined;
    offset: number;
  },
) {
  const where = and(
    eq(notifications.personId, params.personId),
    params.isRead === undefined ? undefined : eq(notifications.isRead, params.isRead),
    params.channel === undefined ? undefined : eq(notifications.channel, params.channel),
  );
  const order = params.isNewestFirst
    ? [desc(notifications.createdAt), desc(notifications.id)]
    : [asc(notifications.createdAt), asc(notifications.id)];
  let query = db
    .select(columns)
    .from(notifications)
    .where(where)
    .orderBy(...order)
    .offset(params.offset)
    .$dynamic();
  if (params.limit !== undefined) query = query.limit(params.limit);
  const [items, [total]] = await Promise.all([query, db.select({ n: count() }).from(notifications).where(where)]);
  return { items: items as NotificationRow[], total: total?.n ?? 0 };
}

/** The notification if it is this person's (the stream loads what a signal names). */
export async function findOwnNotification(db: DbOrTx, params: { id: string; personId: string }) {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.id, params.id), eq(notifications.personId, params.personId)));
  return row as NotificationRow | undefined;
}

export async function markNotificationRead(db: DbOrTx, params: { id: string; personId: string }) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, params.id), eq(notifications.personId, params.personId)))
    .returning(columns);
  return row as NotificationRow | undefined;
}

export async function markAllNotificationsRead(db: DbOrTx, params: { personId: string; channel: number }) {
  const where: SQL | undefined = and(
    eq(notifications.personId, params.personId),
    eq(notifications.channel, params.channel),
    eq(notifications.isRead, false),
  );
  const rows = await db.update(notifications).set({ isRead: true }).where(where).returning({ id: notifications.id });
  return rows.length;
}
