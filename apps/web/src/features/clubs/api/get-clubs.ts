import type { ClubList } from '@bpw/domain/schemas/club';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { showsLoadError } from '../../../lib/query-client';

export interface ClubListParams {
  name: string;
  sortDesc: boolean;
  page: number;
  perPage: number;
}

export const clubKeys = {
  all: ['club'] as const,
  list: (params: ClubListParams) => ['club', 'list', params] as const,
  detail: (id: string) => ['club', 'detail', id] as const,
  relations: (id: string) => ['club', 'detail', id, 'person'] as const,
};

/** GET club: the clubs list, searchable by name, sortable by name (spec 01 §2, §7). */
export function getClubs(params: ClubListParams, signal?: AbortSignal): Promise<ClubList> {
  return api.get<ClubList>(
    '/club',
    {
      SortBy: 'name',
      SortDesc: params.sortDesc,
      Page: params.page,
      PerPage: params.perPage,
      Name: params.name.trim() || undefined,
    },
    signal,
  );
}

export const clubsQuery = (params: ClubListParams) =>
  queryOptions({
    queryKey: clubKeys.list(params),
    queryFn: ({ signal }) => getClubs(params, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });
