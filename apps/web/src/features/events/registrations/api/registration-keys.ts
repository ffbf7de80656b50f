import type { QueryClient } from '@tanstack/react-query';
import { eventKeys } from '../../staff/api/event-keys';

/**
 * Registrations hang below their event's detail key: a change to the event refreshes them, and a
 * change to a registration refreshes the event too (its free slots), in one invalidation.
 */
export const registrationKeys = {
  ofEvent: (eventId: string) => [...eventKeys.detail(eventId), 'registrations'] as const,
  list: (eventId: string, params: object) => [...eventKeys.detail(eventId), 'registrations', params] as const,
};

/** After a registration changed: the event's detail (slots) and lists, and the public pages. */
export const invalidateRegistrations = (queryClient: QueryClient, eventId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
    queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: ['event-public'] }),
  ]);
