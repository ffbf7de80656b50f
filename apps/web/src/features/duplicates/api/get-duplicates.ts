import type { DuplicateList, DuplicateListQuery } from '@bpw/domain/schemas/duplicate';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { showsLoadError } from '../../../lib/query-client';

/** GET duplicate: a page of likely duplicate pairs (issue 16). */
export const getDuplicates = (query: DuplicateListQuery, signal?: AbortSignal) =>
  api.get<DuplicateList>('/duplicate', query, signal);

export const duplicateKeys = {
  all: ['duplicates'] as const,
  list: (query: DuplicateListQuery) => ['duplicates', 'list', query] as const,
  comparison: (ids: readonly string[]) => ['duplicates', 'comparison', ...ids] as const,
};

export const duplicatesQuery = (query: DuplicateListQuery) =>
  queryOptions({
    queryKey: duplicateKeys.list(query),
    queryFn: ({ signal }) => getDuplicates(query, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

export const useDuplicates = (query: DuplicateListQuery) => useQuery(duplicatesQuery(query));
