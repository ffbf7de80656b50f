import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePersonLists, personDetailKeys, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** DELETE person/{id}: managers only, never the own account (spec 01 §2). */
export const deletePerson = (id: string) => api.delete(personPath(id));

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: personDetailKeys.detail(id) });
      return invalidatePersonLists(queryClient);
    },
  });
}
