import type { ClubRelationCreateBody, PersonClubRelation } from '@bpw/domain/schemas/membership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clubKeys } from './get-clubs';
import { api } from '../../../api/api';

/** POST person/{personId}/club: assigns the person to a club (spec 01 §7 "Club memberships"). */
export const createClubRelation = ({ personId, body }: { personId: string; body: ClubRelationCreateBody }) =>
  api.post<PersonClubRelation>(`/person/${encodeURIComponent(personId)}/club`, body);

export function useCreateClubRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClubRelation,
    onSuccess: (_result, { personId, body }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clubKeys.relations(body.clubId) }),
        // The person's own pages show her clubs too.
        queryClient.invalidateQueries({ queryKey: ['person', personId] }),
      ]),
  });
}
