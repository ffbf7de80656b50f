import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicEventKeys } from './public-event-keys';
import { api } from '../../../../api/api';
import { useAuth } from '../../../../lib/auth-store';

export interface FilterOption {
  id: string;
  name: string;
}

/** GET event-category-public, by title, all of them: the category filter's options. */
export const publicCategoriesQuery = () =>
  queryOptions({
    queryKey: publicEventKeys.categories,
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; title: string }[]; total: number }>(
        '/event-category-public',
        { SortBy: 'title', SortDesc: false, PerPage: 0 },
        signal,
      ),
    select: (list): FilterOption[] => list.items.map(({ id, title }) => ({ id, name: title })),
    staleTime: 5 * 60_000,
  });

/** GET club (signed in) or club-public, by name, all of them: the club filter's options (spec 02 §7). */
export const publicClubsQuery = (isSignedIn: boolean) =>
  queryOptions({
    queryKey: publicEventKeys.clubs(isSignedIn),
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; name: string }[]; total: number }>(
        isSignedIn ? '/club' : '/club-public',
        { SortBy: 'name', SortDesc: false, PerPage: 0 },
        signal,
      ),
    select: (list): FilterOption[] => list.items.map(({ id, name }) => ({ id, name })),
    staleTime: 5 * 60_000,
  });

export const usePublicCategories = () => useQuery(publicCategoriesQuery());
export const usePublicClubs = () => useQuery(publicClubsQuery(Boolean(useAuth())));
