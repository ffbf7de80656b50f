import type { FeeSchedule } from '@bpw/domain/schemas/invoice';
import { useQuery } from '@tanstack/react-query';
import { applicationKeys } from './application-keys';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/api-error';

/**
 * Issue 25 with issue 17: the club's fee schedule of a year (GET club/{id}/fee-schedule/{year}),
 * or null when there is none (404) or she may not read it (403): the accept dialog offers her
 * first invoice only when the club has one.
 */
export function useClubFeeSchedule(clubId: string | null, year: number) {
  return useQuery({
    queryKey: [...applicationKeys.all, 'fee-schedule', clubId ?? '', year] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<FeeSchedule>(
          `/club/${encodeURIComponent(clubId!)}/fee-schedule/${year}`,
          undefined,
          signal,
        );
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
    enabled: clubId !== null,
    staleTime: 60_000,
  });
}
