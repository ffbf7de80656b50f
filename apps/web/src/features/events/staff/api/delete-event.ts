import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventKeys, invalidateEvents } from './event-keys';
import { eventPath } from './get-event';
import { api } from '../../../../api/api';

/** DELETE event/{id}. */
export const deleteEvent = (id: string) => api.delete(eventPath(id));

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(id) });
      return invalidateEvents(queryClient);
    },
  });
}
