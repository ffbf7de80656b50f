import type { Actor } from '@bpw/domain/actor';
import type {
  MarkAllReadBody,
  Notification,
  NotificationList,
  NotificationListQuery,
} from '@bpw/domain/schemas/notification';
import type { FeatureDeps } from '../../platform/feature-deps';
import { forbidden, notFound } from '../../platform/errors';
import {
  type NotificationRow,
  findNotifications,
  findOwnNotification,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.queries';

type Deps = Pick<FeatureDeps, 'db'>;

/** UTC ISO without milliseconds (DESIGN "API contract"). */
export const isoDateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const toNotification = (row: NotificationRow): Notification => ({
  ...row,
  createdAt: isoDateTime(row.createdAt),
});

/** GET notification: her own inbox; an admin may read another person's (PersonId). */
export async function findNotificationsOf(
  deps: Deps,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const personId = query.PersonId ?? actor.personId;
  if (personId !== actor.personId && !actor.isAdmin) throw forbidden();
  const { items, total } = await findNotifications(deps.db, {
    personId,
    isRead: query.IsRead,
    channel: query.Channel,
    // createdAt is the only sort key; newest first unless SortDesc=false is sent.
    isNewestFirst: query.SortDesc[0] ?? query.SortBy.length === 0,
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return { items: items.map(toNotification), total };
}

/** PUT notification/{id}/is-read: only her own; another's answers 404 like a missing one. */
export async function markRead(deps: Deps, actor: Actor, id: string): Promise<Notification> {
  const row = await markNotificationRead(deps.db, { id, personId: actor.personId });
  if (!row) throw notFound();
  return toNotification(row);
}

/** PUT notification: all of her own notifications of one channel. */
export async function markAllRead(deps: Deps, actor: Actor, body: MarkAllReadBody): Promise<{ count: number }> {
  if (body.personId !== actor.personId) throw forbidden();
  return { count: await markAllNotificationsRead(deps.db, { personId: actor.personId, channel: body.channel }) };
}

/** The notification a realtime signal names, if it is hers. */
export async function findStreamedNotification(deps: Deps, personId: string, id: string) {
  const row = await findOwnNotification(deps.db, { id, personId });
  return row ? toNotification(row) : undefined;
}
