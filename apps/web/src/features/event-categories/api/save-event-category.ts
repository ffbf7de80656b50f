import type { EventCategory, EventCategoryBody } from '@bpw/domain/schemas/event';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventCategoryKeys } from './get-event-categories';
import { eventCategoryPath } from './get-event-category';
import { api } from '../../../api/api';

/** POST event-category or PUT event-category/{id} (spec 02 §7). */
export function saveEventCategory({ id, body }: { id: string | null; body: EventCategoryBody }) {
  return id ? api.put<EventCategory>(eventCategoryPath(id), body) : api.post<EventCategory>('/event-category', body);
}

export function useSaveEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEventCategory,
    // Event lists and pages show the category titles too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventCategoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['event'] }),
      ]),
  });
}
