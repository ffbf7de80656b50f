import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personDetailKeys, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** GET person/{id}/club: the person's club relations, active or not. */
export async function getPersonClubs(personId: string, signal?: AbortSignal): Promise<PersonClubRelation[]> {
  const answer = await api.get<PersonClubRelation[] | { items: PersonClubRelation[] }>(
    `${personPath(personId)}/club`,
    undefined,
    signal,
  );
  return Array.isArray(answer) ? answer : answer.items;
}

export const personClubsQuery = (personId: string) =>
  queryOptions({
    queryKey: personDetailKeys.clubs(personId),
    queryFn: ({ signal }) => getPersonClubs(personId, signal),
  });

export const usePersonClubs = (personId: string) => useQuery(personClubsQuery(personId));
