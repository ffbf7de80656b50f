import type { ApplicationForm } from '@bpw/domain/schemas/application';
import { useQuery } from '@tanstack/react-query';
import { applicationKeys } from './application-keys';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/api-error';

/** GET application-form-public(/{clubId}): the published form (404 when there is none). */
export function usePublicApplicationForm(clubId: string | null) {
  return useQuery({
    queryKey: applicationKeys.publicForm(clubId),
    queryFn: ({ signal }) =>
      api.get<ApplicationForm>(
        clubId ? `/application-form-public/${encodeURIComponent(clubId)}` : '/application-form-public',
        undefined,
        signal,
      ),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}
