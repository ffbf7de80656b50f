import type { ClubPersonRelation } from '@bpw/domain/schemas/membership';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clubKeys } from './get-clubs';
import { api } from '../../../api/api';

/** Spec 01 §3 "Club-person relation", with its person. */
export type ClubRelation = ClubPersonRelation;

/** GET club/{id}/person: every relation of the club, active or not. */
export const getClubRelations = (clubId: string, signal?: AbortSignal) =>
  api.get<ClubRelation[]>(`/club/${encodeURIComponent(clubId)}/person`, undefined, signal);

export const clubRelationsQuery = (clubId: string) =>
  queryOptions({
    queryKey: clubKeys.relations(clubId),
    queryFn: ({ signal }) => getClubRelations(clubId, signal),
  });

export const useClubRelations = (clubId: string) => useQuery(clubRelationsQuery(clubId));
