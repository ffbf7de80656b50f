import type { BirthdayList } from '@bpw/domain/schemas/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { showsLoadError } from '../../../lib/query-client';

export type BirthdayListPage = { clubIds: readonly string[]; page: number; perPage: number };

/** GET person/birthday-list: a page of the coming birthdays of the clubs' persons (the dashboard's clubs). */
export const getBirthdayList = ({ clubIds, page, perPage }: BirthdayListPage, signal?: AbortSignal) =>
  api.get<BirthdayList>('/person/birthday-list', { Clubs: clubIds, Page: page, PerPage: perPage }, signal);

export const birthdayListQuery = (params: BirthdayListPage) =>
  queryOptions({
    queryKey: ['person', 'birthday-list', [...params.clubIds].sort(), params.page, params.perPage] as const,
    queryFn: ({ signal }) => getBirthdayList(params, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

export const useBirthdayList = (params: BirthdayListPage) => useQuery(birthdayListQuery(params));
