import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicEventKeys } from './public-event-keys';
import { api } from '../../../../api/api';
import { ApiError } from '../../../../api/api-error';
import { useAuth } from '../../../../lib/auth-store';
import type { PublicEventDetail } from '../public-event';

/** GET event-public/{id}; 404 when the event is not in a public state. */
export const publicEventQuery = (id: string, personId: string | null) =>
  queryOptions({
    queryKey: publicEventKeys.detail(id, personId),
    queryFn: ({ signal }) => api.get<PublicEventDetail>(`/event-public/${encodeURIComponent(id)}`, undefined, signal),
    // A missing or non-public event stays missing: no retries.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });

export function usePublicEvent(id: string) {
  const personId = useAuth()?.personId ?? null;
  return useQuery(publicEventQuery(id, personId));
}
