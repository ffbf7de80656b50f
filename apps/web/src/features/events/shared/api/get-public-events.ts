import type { EventList } from '@bpw/domain/schemas/event';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { publicEventKeys } from './public-event-keys';
import { api } from '../../../../api/api';
import { showsLoadError } from '../../../../lib/query-client';

export interface PublicEventListParams {
  title: string;
  clubIds: readonly string[];
  categoryIds: readonly string[];
  /** `YYYY-MM-DD`, inclusive. */
  dateFrom: string;
  dateTo: string;
}

/**
 * GET event-public: all events of the range at once (spec 02 §9: PerPage 0, sorted by eventFrom
 * then eventTo). Empty filters are left out (spec 02 §7).
 */
export function getPublicEvents(params: PublicEventListParams, signal?: AbortSignal): Promise<EventList> {
  return api.get<EventList>(
    '/event-public',
    {
      SortBy: ['eventFrom', 'eventTo'],
      SortDesc: [false, false],
      Page: 0,
      PerPage: 0,
      Title: params.title.trim() || undefined,
      Clubs: params.clubIds.length ? params.clubIds : undefined,
      EventCategories: params.categoryIds.length ? params.categoryIds : undefined,
      DateFrom: params.dateFrom,
      DateTo: params.dateTo,
    },
    signal,
  );
}

export const publicEventsQuery = (params: PublicEventListParams) =>
  queryOptions({
    queryKey: publicEventKeys.list(params),
    queryFn: ({ signal }) => getPublicEvents(params, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

export const usePublicEvents = (params: PublicEventListParams) => useQuery(publicEventsQuery(params));
