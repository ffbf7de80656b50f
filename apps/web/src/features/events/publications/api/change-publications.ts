import type {
  EventPublication,
  EventPublicationBody,
  EventPublicationList,
  EventPublicationStateBody,
} from '@bpw/domain/schemas/event-publication';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePublications } from './publication-keys';
import { api } from '../../../../api/api';

/** POST event-publication with `{ eventId, clubIds, isLocked }`: one Invited publication per club. */
export const createPublications = (body: EventPublicationBody) =>
  api.post<EventPublicationList>('/event-publication', body);

/** PUT event-publication/{id}/state: confirm or reject; admins may lock or unlock with it. */
export const setPublicationState = ({ id, body }: { id: string; body: EventPublicationStateBody }) =>
  api.put<EventPublication>(`/event-publication/${encodeURIComponent(id)}/state`, body);

/** DELETE event-publication/{id}: the event's managers withdraw the offer. */
export const deletePublication = (id: string) => api.delete(`/event-publication/${encodeURIComponent(id)}`);

export function useCreatePublications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPublications,
    onSuccess: (_result, body) => invalidatePublications(queryClient, body.eventId),
  });
}

/** State changes and deletes of publications of `eventId` (or of any event on the club page). */
export function useChangePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { publication: EventPublication } & (
        { kind: 'state'; body: EventPublicationStateBody } | { kind: 'delete' }
      ),
    ) => {
      if (input.kind === 'delete') await deletePublication(input.publication.id);
      else await setPublicationState({ id: input.publication.id, body: input.body });
    },
    onSettled: (_result, _error, input) => invalidatePublications(queryClient, input.publication.eventId),
  });
}
