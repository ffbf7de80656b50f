import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the staff event calls. Every key starts with 'event', so a change to an event
 * invalidates lists, details and images at once; the other event parts (registrations, custom
 * fields, publications) may hang their keys below `detail(id)`.
 */
export const eventKeys = {
  all: ['event'] as const,
  lists: () => ['event', 'list'] as const,
  list: (params: object) => ['event', 'list', params] as const,
  detail: (id: string) => ['event', 'detail', id] as const,
  image: (id: string, size: 'small' | 'large', imageId: string | null) =>
    ['event', 'detail', id, 'image', size, imageId] as const,
};

/**
 * After a change: the staff lists and details, and the public event pages' queries (their keys
 * start with 'event-public'), whose content may have changed too.
 */
export const invalidateEvents = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['event-public'] }),
  ]);
