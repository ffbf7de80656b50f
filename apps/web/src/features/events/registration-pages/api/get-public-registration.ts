import type { PublicRegistration } from '@bpw/domain/schemas/event-registration';
import { useQuery } from '@tanstack/react-query';
import { registrationPublicKeys } from './registration-public-keys';
import { api } from '../../../../api/api';
import { ApiError } from '../../../../api/api-error';

/** GET event-registration-public/{keyOrId}: the registration with its event and what may be done now. */
export function usePublicRegistration(keyOrId: string) {
  return useQuery({
    queryKey: registrationPublicKeys.detail(keyOrId),
    queryFn: ({ signal }) =>
      api.get<PublicRegistration>(`/event-registration-public/${encodeURIComponent(keyOrId)}`, undefined, signal),
    // An unknown or foreign link stays so: no retries.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}
