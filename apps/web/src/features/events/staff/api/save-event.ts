import type { Event, EventBody, EventUpdateBody } from '@bpw/domain/schemas/event';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvents } from './event-keys';
import { eventPath } from './get-event';
import { api } from '../../../../api/api';

export type SaveEventInput = { id: null; body: EventBody } | { id: string; body: EventUpdateBody };

/** POST event (answers 201 with the event) or PUT event/{id} (spec 02 §7). */
export function saveEvent(input: SaveEventInput): Promise<Event | undefined> {
  return input.id === null
    ? api.post<Event>('/event', input.body)
    : api.put<Event | undefined>(eventPath(input.id), input.body);
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveEvent, onSuccess: () => invalidateEvents(queryClient) });
}
