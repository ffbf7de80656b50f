import type { ClubRelationUpdateBody } from '@bpw/domain/schemas/membership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, invalidatePersonLists, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** PUT person/{personId}/club/{id}: only from and to change (spec 01 §2 "Club assignment form"). */
export const updatePersonClub = ({
  personId,
  relationId,
  body,
}: {
  personId: string;
  relationId: string;
  body: ClubRelationUpdateBody;
}) => api.put(`${personPath(personId)}/club/${encodeURIComponent(relationId)}`, body);

export function useUpdatePersonClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonClub,
    onSuccess: (_result, { personId }) =>
      Promise.all([invalidatePerson(queryClient, personId), invalidatePersonLists(queryClient)]),
  });
}
