import type { EventList } from '@bpw/domain/schemas/event';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';

/** How many events the autocomplete offers for one search text. */
const resultCount = 20;

/**
 * The copy dialog's event search (spec 02 §2 "Copy custom fields dialog"): the authenticated list
 * when signed in, else the public one; `Title` matches the title or the responsible club's name,
 * case-insensitive (events API). The latest events first, since fields are mostly copied from a
 * recent event.
 */
export const searchEvents = (text: string, isSignedIn: boolean, signal?: AbortSignal) =>
  api.get<EventList>(
    isSignedIn ? '/event' : '/event-public',
    { Title: text.trim() || undefined, SortBy: 'eventFrom', SortDesc: true, Page: 0, PerPage: resultCount },
    signal,
  );

export const eventSearchQuery = (text: string, isSignedIn: boolean) =>
  queryOptions({
    queryKey: [isSignedIn ? 'event' : 'event-public', 'search', text.trim(), resultCount] as const,
    queryFn: ({ signal }) => searchEvents(text, isSignedIn, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useEventSearch = (text: string, isSignedIn: boolean) => useQuery(eventSearchQuery(text, isSignedIn));
