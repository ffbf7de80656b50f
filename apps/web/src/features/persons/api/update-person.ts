import type { PersonUpdateBody } from '@bpw/domain/schemas/person';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, invalidatePersonLists, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** PUT person/{id}: the person update payload (spec 01 §3). */
export const updatePerson = ({ id, body }: { id: string; body: PersonUpdateBody }) => api.put(personPath(id), body);

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: (_result, { id }) =>
      Promise.all([invalidatePerson(queryClient, id), invalidatePersonLists(queryClient)]),
  });
}
