import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, invalidatePersonLists, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** DELETE person/{id}/avatar. */
export const deleteAvatar = (id: string) => api.delete(`${personPath(id)}/avatar`);

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    onSuccess: (_result, id) => Promise.all([invalidatePerson(queryClient, id), invalidatePersonLists(queryClient)]),
  });
}
