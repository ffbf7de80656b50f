import type { PersonCreateBody } from '@bpw/domain/schemas/person';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { personListKeys } from './get-persons';

export type { PersonCreateBody };

/** POST person: the new person with her first club membership; answers 201 with her id. */
export function createPerson(body: PersonCreateBody): Promise<{ id: string }> {
  return api.post<{ id: string }>('/person', body);
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personListKeys.all }),
  });
}
