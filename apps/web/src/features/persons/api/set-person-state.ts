import type { EntityState } from '@bpw/domain/enums/entity-state';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, invalidatePersonLists, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** PUT person/{id}/state: archive (90) or reactivate (0) (spec 01 §4 "Person state"). */
export const setPersonState = ({ id, state }: { id: string; state: EntityState }) =>
  api.put(`${personPath(id)}/state`, { state });

export function useSetPersonState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPersonState,
    onSuccess: (_result, { id }) =>
      Promise.all([invalidatePerson(queryClient, id), invalidatePersonLists(queryClient)]),
  });
}
