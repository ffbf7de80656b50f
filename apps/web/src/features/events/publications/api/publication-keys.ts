import type { QueryClient } from '@tanstack/react-query';
import { eventKeys } from '../../staff/api/event-keys';

/**
 * An event's publications hang below its detail key; the lists offered to a club have their own
 * root. A change refreshes both sides, since the same publication shows on both pages.
 */
export const publicationKeys = {
  ofEvent: (eventId: string) => [...eventKeys.detail(eventId), 'publications'] as const,
  eventList: (eventId: string, params: object) => [...eventKeys.detail(eventId), 'publications', params] as const,
  clubs: ['event-publication', 'club'] as const,
  clubList: (clubId: string, params: object) => ['event-publication', 'club', clubId, params] as const,
};

export const invalidatePublications = (queryClient: QueryClient, eventId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: publicationKeys.ofEvent(eventId) }),
    queryClient.invalidateQueries({ queryKey: publicationKeys.clubs }),
  ]);
