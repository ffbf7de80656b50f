import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/api';
import { showsLoadError } from '../lib/query-client';

// Apart from the picker itself, so a page can load the options without the picker's
// Autocomplete (the dashboard loads it on first use, issue 8).

export interface ClubOption {
  id: string;
  name: string;
}

/** `GET club` sorted by name, all of them (PerPage 0): the options of club pickers (spec 01 §7). */
export const clubOptionsQuery = () =>
  queryOptions({
    queryKey: ['club', 'options'] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: ClubOption[]; total: number }>('/club', { SortBy: 'name', SortDesc: false, PerPage: 0 }, signal),
    select: (list) => list.items.map(({ id, name }) => ({ id, name })),
    meta: showsLoadError,
    staleTime: 5 * 60_000,
  });

/**
 * The clubs to offer, optionally only those with the given ids (a club manager's clubs). A failed
 * load shows the loading-error snackbar and leaves the options empty (spec 01 §8).
 */
export function useClubOptions({ limitTo }: { limitTo?: readonly string[] | null } = {}) {
  const query = useQuery(clubOptionsQuery());
  const options = useMemo(() => {
    const all = query.isError ? [] : (query.data ?? []);
    return limitTo ? all.filter((club) => limitTo.includes(club.id)) : all;
  }, [query.data, query.isError, limitTo]);
  return { options, isLoading: query.isPending };
}
