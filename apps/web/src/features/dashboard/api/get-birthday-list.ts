import type { BirthdayList } from '@bpw/domain/schemas/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** GET person/birthday-list: the coming birthdays of the clubs' persons (the dashboard's clubs). */
export const getBirthdayList = (clubIds: readonly string[], signal?: AbortSignal) =>
  api.get<BirthdayList>('/person/birthday-list', { Clubs: clubIds }, signal);

export const birthdayListQuery = (clubIds: readonly string[]) =>
  queryOptions({
    queryKey: ['person', 'birthday-list', [...clubIds].sort()] as const,
    queryFn: ({ signal }) => getBirthdayList(clubIds, signal),
    placeholderData: keepPreviousData,
  });

export const useBirthdayList = (clubIds: readonly string[]) => useQuery(birthdayListQuery(clubIds));
