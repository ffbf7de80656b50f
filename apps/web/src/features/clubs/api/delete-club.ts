import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clubKeys } from './get-clubs';
import { api } from '../../../api/api';

/** DELETE club/{id}; a club with relations or events answers 409 with a message. */
export const deleteClub = (id: string) => api.delete(`/club/${encodeURIComponent(id)}`);

export function useDeleteClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClub,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: clubKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: clubKeys.all });
    },
  });
}
