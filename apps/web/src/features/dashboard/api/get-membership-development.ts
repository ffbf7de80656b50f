import type { MembershipDevelopment } from '@bpw/domain/schemas/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { showsLoadError } from '../../../lib/query-client';

/** Spec 01 §9: the trend charts use 4 quarterly buckets. */
export const NUMBER_OF_BUCKETS = 4;

/** GET membership-development: quarterly counts; no clubs means all the caller may see. */
export const getMembershipDevelopment = (clubIds: readonly string[], signal?: AbortSignal) =>
  api.get<MembershipDevelopment>(
    '/membership-development',
    { Clubs: clubIds, GroupBy: 'quarter', NumberOfBuckets: NUMBER_OF_BUCKETS },
    signal,
  );

export const membershipDevelopmentQuery = (clubIds: readonly string[]) =>
  queryOptions({
    queryKey: ['membership-development', [...clubIds].sort()] as const,
    queryFn: ({ signal }) => getMembershipDevelopment(clubIds, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

export const useMembershipDevelopment = (clubIds: readonly string[]) => useQuery(membershipDevelopmentQuery(clubIds));
