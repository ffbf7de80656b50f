import type { PersonList, PersonListItem } from '@bpw/domain/schemas/person';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** GET person with a Name search: the coach pickers' choices (spec 01 §7, the person picker). */
export async function searchCoaches(name: string, signal?: AbortSignal): Promise<PersonListItem[]> {
  const answer = await api.get<PersonList>(
    '/person',
    {
      Name: name.trim() || undefined,
      SortBy: ['firstname', 'lastname'],
      SortDesc: [false, false],
      Page: 0,
      PerPage: 20,
    },
    signal,
  );
  return answer.items;
}

export const coachSearchQuery = (name: string) =>
  queryOptions({
    queryKey: ['person', 'coach-search', name.trim()] as const,
    queryFn: ({ signal }) => searchCoaches(name, signal),
    placeholderData: keepPreviousData,
  });

export const useCoachSearch = (name: string, enabled: boolean) => useQuery({ ...coachSearchQuery(name), enabled });
