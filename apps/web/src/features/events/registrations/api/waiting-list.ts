import type { EventRegistration, WaitingList, WaitingListStateBody } from '@bpw/domain/schemas/event-registration';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateRegistrations, registrationKeys } from './registration-keys';
import { api } from '../../../../api/api';
import { showsLoadError } from '../../../../lib/query-client';

/** GET event/{id}/waiting-list (issue 19): the line in its order, a page at a time. */
export const useWaitingList = (eventId: string, params: { page: number; perPage: number }) =>
  useQuery({
    // Below the registrations' key: a registration change reloads the list too.
    queryKey: [...registrationKeys.ofEvent(eventId), 'waiting-list', params],
    queryFn: ({ signal }) =>
      api.get<WaitingList>(
        `/event/${encodeURIComponent(eventId)}/waiting-list`,
        { Page: params.page, PerPage: params.perPage },
        signal,
      ),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

/** PUT event-registration/{id}/move-up and PUT event/{id}/waiting-list-state. */
export function useWaitingListChange(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { kind: 'moveUp'; id: string } | ({ kind: 'state' } & WaitingListStateBody),
    ): Promise<EventRegistration | WaitingListStateBody> =>
      change.kind === 'moveUp'
        ? api.put<EventRegistration>(`/event-registration/${encodeURIComponent(change.id)}/move-up`)
        : api.put<WaitingListStateBody>(`/event/${encodeURIComponent(eventId)}/waiting-list-state`, {
            isWaitingListClosed: change.isWaitingListClosed,
          }),
    onSettled: () => invalidateRegistrations(queryClient, eventId),
  });
}
