import type {
  EventCustomField,
  EventCustomFieldCreateBody,
  EventCustomFieldUpdateBody,
} from '@bpw/domain/schemas/event-custom-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCustomFields } from './get-custom-fields';
import { api } from '../../../../api/api';

export type SaveCustomFieldInput =
  { id: null; body: EventCustomFieldCreateBody } | { id: string; body: EventCustomFieldUpdateBody };

/** POST event-custom-field or PUT event-custom-field/{id} (spec 02 §7). */
export const saveCustomField = (input: SaveCustomFieldInput) =>
  input.id === null
    ? api.post<EventCustomField>('/event-custom-field', input.body)
    : api.put<EventCustomField>(`/event-custom-field/${encodeURIComponent(input.id)}`, input.body);

export function useSaveCustomField(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCustomField, onSuccess: () => invalidateCustomFields(queryClient, eventId) });
}
