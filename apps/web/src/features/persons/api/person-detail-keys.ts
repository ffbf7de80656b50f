import type { QueryClient } from '@tanstack/react-query';
import { personQueryKey } from '../../../lib/current-person';

/**
 * Query keys of the person detail page. The detail shares its key with the shell's signed-in
 * person (`lib/current-person`): both are `GET person/{id}`, so an edit of the own profile shows
 * in the side navigation at once.
 */
export const personDetailKeys = {
  detail: personQueryKey,
  sysInfo: (id: string) => ['person', id, 'sys-info'] as const,
  addresses: (id: string) => ['person', id, 'address'] as const,
  clubs: (id: string) => ['person', id, 'club'] as const,
  roles: (id: string) => ['person', id, 'role'] as const,
  subscriptions: (id: string) => ['person', id, 'notification-subscription'] as const,
};

/** Reloads what the page shows of a person, except her avatar images (they are keyed by avatar id). */
export function invalidatePerson(queryClient: QueryClient, id: string) {
  return queryClient.invalidateQueries({
    queryKey: ['person', id],
    predicate: (query) => query.queryKey[2] !== 'avatar',
  });
}

/** Lists elsewhere (persons, club members) show names, states and primary items: mark them stale. */
export function invalidatePersonLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      ['person', 'persons', 'club'].includes(String(query.queryKey[0])) && query.queryKey[2] !== 'avatar',
  });
}

export const personPath = (id: string) => `/person/${encodeURIComponent(id)}`;
