import type { ClubRelationCreateBody } from '@bpw/domain/schemas/membership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, invalidatePersonLists, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** POST person/{id}/club: clubId, type, membershipTypeLabel, from, to. */
export const createPersonClub = ({ personId, body }: { personId: string; body: ClubRelationCreateBody }) =>
  api.post<{ id: string }>(`${personPath(personId)}/club`, body);

export function useCreatePersonClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPersonClub,
    onSuccess: (_result, { personId }) =>
      Promise.all([invalidatePerson(queryClient, personId), invalidatePersonLists(queryClient)]),
  });
}
