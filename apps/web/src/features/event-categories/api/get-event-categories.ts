import type { EventCategoryList } from '@bpw/domain/schemas/event';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { showsLoadError } from '../../../lib/query-client';

export interface EventCategoryListParams {
  title: string;
  sortDesc: boolean;
  page: number;
  perPage: number;
}

/** Every key starts with 'event-category', so a change refreshes lists, details and the form's options. */
export const eventCategoryKeys = {
  all: ['event-category'] as const,
  list: (params: EventCategoryListParams) => ['event-category', 'list', params] as const,
  detail: (id: string) => ['event-category', 'detail', id] as const,
};

/** GET event-category: searchable by title, sorted by title (spec 02 §7, §9). */
export function getEventCategories(params: EventCategoryListParams, signal?: AbortSignal): Promise<EventCategoryList> {
  return api.get<EventCategoryList>(
    '/event-category',
    {
      SortBy: 'title',
      SortDesc: params.sortDesc,
      Page: params.page,
      PerPage: params.perPage,
      Title: params.title.trim() || undefined,
    },
    signal,
  );
}

export const eventCategoriesQuery = (params: EventCategoryListParams) =>
  queryOptions({
    queryKey: eventCategoryKeys.list(params),
    queryFn: ({ signal }) => getEventCategories(params, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });
