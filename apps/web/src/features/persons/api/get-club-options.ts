import type { Club, ClubList } from '@bpw/domain/schemas/club';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** GET club with only the sort: every club, for the club assignment form's choices (spec 01 §7). */
export async function getClubOptions(signal?: AbortSignal): Promise<Club[]> {
  const answer = await api.get<ClubList | Club[]>('/club', { SortBy: 'name', SortDesc: false }, signal);
  return Array.isArray(answer) ? answer : answer.items;
}

export const clubOptionsQuery = () =>
  queryOptions({
    queryKey: ['club', 'options'] as const,
    queryFn: ({ signal }) => getClubOptions(signal),
    staleTime: 5 * 60_000,
  });

export const useClubOptions = (enabled = true) => useQuery({ ...clubOptionsQuery(), enabled });
