import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, invalidatePersonLists, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** DELETE person/{personId}/club/{id}. */
export const deletePersonClub = ({ personId, relationId }: { personId: string; relationId: string }) =>
  api.delete(`${personPath(personId)}/club/${encodeURIComponent(relationId)}`);

export function useDeletePersonClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersonClub,
    onSuccess: (_result, { personId }) =>
      Promise.all([invalidatePerson(queryClient, personId), invalidatePersonLists(queryClient)]),
  });
}
