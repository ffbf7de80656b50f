import type { NotificationSubscription } from '@bpw/domain/schemas/notification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personDetailKeys, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

export const subscriptionsPath = (personId: string) => `${personPath(personId)}/notification-subscription`;

/** GET person/{id}/notification-subscription with Page 1 (0 here, zero-based) and PerPage 0: all. */
export async function getSubscriptions(personId: string, signal?: AbortSignal): Promise<NotificationSubscription[]> {
  const answer = await api.get<{ items: NotificationSubscription[] } | NotificationSubscription[]>(
    subscriptionsPath(personId),
    { Page: 0, PerPage: 0 },
    signal,
  );
  return Array.isArray(answer) ? answer : answer.items;
}

export const subscriptionsQuery = (personId: string) =>
  queryOptions({
    queryKey: personDetailKeys.subscriptions(personId),
    queryFn: ({ signal }) => getSubscriptions(personId, signal),
  });

export const useSubscriptions = (personId: string) => useQuery(subscriptionsQuery(personId));
