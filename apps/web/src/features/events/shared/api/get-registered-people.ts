import type { RegisteredPeople } from '@bpw/domain/schemas/event-registration';
import { useQuery } from '@tanstack/react-query';
import { publicEventKeys } from './public-event-keys';
import { api } from '../../../../api/api';
import { ApiError } from '../../../../api/api-error';

/** GET event-public/{id}/registered-people: the Confirmed registrations' names (signed-in users only). */
export function useRegisteredPeople(eventId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: publicEventKeys.registeredPeople(eventId),
    queryFn: ({ signal }) =>
      api.get<RegisteredPeople>(`/event-public/${encodeURIComponent(eventId)}/registered-people`, undefined, signal),
    enabled: isEnabled,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
}
