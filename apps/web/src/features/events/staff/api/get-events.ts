import type { EventList } from '@bpw/domain/schemas/event';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eventKeys } from './event-keys';
import { api } from '../../../../api/api';
import { toSortQuery, type SortingState } from '../../../../components/data-table/data-table-sorting';
import { showsLoadError } from '../../../../lib/query-client';

export interface EventListParams {
  title: string;
  eventStates: readonly number[];
  /** Only this club's events (GET club/{clubId}/event). */
  clubId?: string | undefined;
  /** Only events of these categories. */
  categoryIds?: readonly string[] | undefined;
  sorting: SortingState;
  page: number;
  perPage: number;
}

/** GET event or GET club/{clubId}/event (spec 02 §7); an empty filter list is left out. */
export function getEvents(params: EventListParams, signal?: AbortSignal): Promise<EventList> {
  const path = params.clubId ? `/club/${encodeURIComponent(params.clubId)}/event` : '/event';
  return api.get<EventList>(
    path,
    {
      ...toSortQuery(params.sorting),
      Page: params.page,
      PerPage: params.perPage,
      Title: params.title.trim() || undefined,
      EventStates: params.eventStates.length ? params.eventStates : undefined,
      EventCategories: params.categoryIds?.length ? params.categoryIds : undefined,
    },
    signal,
  );
}

export const eventsQuery = (params: EventListParams) =>
  queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: ({ signal }) => getEvents(params, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

export const useEvents = (params: EventListParams) => useQuery(eventsQuery(params));
