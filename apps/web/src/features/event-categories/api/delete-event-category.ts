import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventCategoryKeys } from './get-event-categories';
import { eventCategoryPath } from './get-event-category';
import { api } from '../../../api/api';

/** DELETE event-category/{id}; a category that still has events answers 409. */
export const deleteEventCategory = (id: string) => api.delete(eventCategoryPath(id));

export function useDeleteEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEventCategory,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: eventCategoryKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: eventCategoryKeys.all });
    },
  });
}
