import type { PublicRegistrationBody, PublicRegistrationCreated } from '@bpw/domain/schemas/event-registration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../api/api';
import { publicEventKeys } from '../../shared/api/public-event-keys';

/** POST event-public/{id}/event-registration: a member's person id comes from her session, never the body. */
export function useCreateRegistration(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicRegistrationBody) =>
      api.post<PublicRegistrationCreated>(`/event-public/${encodeURIComponent(eventId)}/event-registration`, body),
    // Slots, the caller's status and the registered people change.
    // Not awaited: the page moves on at once and the event page loads the new state.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: publicEventKeys.all });
    },
  });
}
