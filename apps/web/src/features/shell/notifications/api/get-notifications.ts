import { NotificationChannel } from '@bpw/domain/enums/notification';
import type { NotificationList } from '@bpw/domain/schemas/notification';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';

/** Spec 01 §4 and §9: the list reloads every 5 minutes; a page holds 5 notifications by default. */
export const RELOAD_INTERVAL_MS = 300_000;
export const DEFAULT_PAGE_SIZE = 5;

export const notificationKeys = {
  all: ['notification'] as const,
  ofPerson: (personId: string) => ['notification', personId] as const,
  page: (personId: string, page: number, perPage: number) => ['notification', personId, { page, perPage }] as const,
};

/** GET notification: the person's unread web-app notifications, newest first (spec 01 §7). */
export const getNotifications = (
  { personId, page, perPage }: { personId: string; page: number; perPage: number },
  signal?: AbortSignal,
) =>
  api.get<NotificationList>(
    '/notification',
    {
      PersonId: personId,
      IsRead: false,
      Channel: NotificationChannel.webApp,
      SortBy: 'createdAt',
      SortDesc: true,
      Page: page,
      PerPage: perPage,
    },
    signal,
  );

export const notificationsQuery = (personId: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: notificationKeys.page(personId, page, perPage),
    queryFn: ({ signal }) => getNotifications({ personId, page, perPage }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RELOAD_INTERVAL_MS,
    staleTime: 0,
  });

/** Loaded as soon as a user id is present (spec 01 §4 "Notification loading"). */
export function useNotifications(personId: string | null, page: number, perPage: number) {
  return useQuery({ ...notificationsQuery(personId ?? '', page, perPage), enabled: Boolean(personId) });
}
