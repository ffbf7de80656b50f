import type {
  ClubPersonGroup,
  ClubPersonRelation,
  ClubPersonRelationList,
  ClubPersonSortKey,
} from '@bpw/domain/schemas/membership';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { clubKeys } from './get-clubs';
import { api } from '../../../api/api';

/** Spec 01 §3 "Club-person relation", with its person. */
export type ClubRelation = ClubPersonRelation;
export type ClubRelationPage = ClubPersonRelationList;

/** One request of GET club/{id}/person: a page of one group, never the whole club (issue 24). */
export interface ClubRelationParams {
  group: ClubPersonGroup;
  /** true: active today; false: ended or not yet started; absent: both. */
  isActive?: boolean;
  /** Only these membership types. */
  types?: readonly number[];
  name?: string;
  sortBy?: ClubPersonSortKey;
  sortDesc?: boolean;
  page: number;
  perPage: number;
}

/** GET club/{id}/person: `{ items, total }` of one page. */
export const getClubRelations = (clubId: string, params: ClubRelationParams, signal?: AbortSignal) =>
  api.get<ClubRelationPage>(
    `/club/${encodeURIComponent(clubId)}/person`,
    {
      Group: params.group,
      IsActive: params.isActive,
      Types: params.types && params.types.length > 0 ? [...params.types] : undefined,
      Name: params.name?.trim() || undefined,
      SortBy: params.sortBy,
      SortDesc: params.sortBy ? (params.sortDesc ?? false) : undefined,
      Page: params.page,
      PerPage: params.perPage,
    },
    signal,
  );

export const clubRelationsQuery = (clubId: string, params: ClubRelationParams) =>
  queryOptions({
    queryKey: [...clubKeys.relations(clubId), params] as const,
    queryFn: ({ signal }) => getClubRelations(clubId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useClubRelations = (clubId: string, params: ClubRelationParams, options: { enabled?: boolean } = {}) =>
  useQuery({ ...clubRelationsQuery(clubId, params), enabled: options.enabled ?? true });

/** The club's active members: only the total is asked for (one row). */
export const useActiveMemberCount = (clubId: string) =>
  useClubRelations(clubId, { group: 'members', isActive: true, page: 0, perPage: 1 });

/**
 * The roles of the Active roles tab, 100 at a time by name; `fetchNextPage` loads the next 100
 * ("more"). A club's roles are few; a club with many interested persons is the exception.
 */
export const ROLE_PAGE_SIZE = 100;
export const useClubRoles = (clubId: string, isActive: boolean, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({
    queryKey: [...clubKeys.relations(clubId), 'roles', isActive] as const,
    queryFn: ({ signal, pageParam }) =>
      getClubRelations(
        clubId,
        { group: 'roles', isActive, sortBy: 'name', page: pageParam, perPage: ROLE_PAGE_SIZE },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (all.length * ROLE_PAGE_SIZE < last.total ? all.length : undefined),
    enabled: options.enabled ?? true,
  });
