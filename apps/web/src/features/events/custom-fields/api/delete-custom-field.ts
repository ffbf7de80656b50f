import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCustomFields } from './get-custom-fields';
import { api } from '../../../../api/api';
import { eventKeys } from '../../staff/api/event-keys';

/** DELETE event-custom-field/{id}; the registrations lose their values of it. */
export const deleteCustomField = (id: string) => api.delete(`/event-custom-field/${encodeURIComponent(id)}`);

export function useDeleteCustomField(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomField,
    onSuccess: () =>
      Promise.all([
        invalidateCustomFields(queryClient, eventId),
        queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
      ]),
  });
}
