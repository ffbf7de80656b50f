import type { Role } from '@bpw/domain/enums/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personDetailKeys } from './person-detail-keys';
import { api } from '../../../api/api';

/** GET auth/{id}/role: the person's stored and derived role names. */
export const getPersonRoles = (personId: string, signal?: AbortSignal) =>
  api.get<Role[]>(`/auth/${encodeURIComponent(personId)}/role`, undefined, signal);

export const personRolesQuery = (personId: string) =>
  queryOptions({
    queryKey: personDetailKeys.roles(personId),
    queryFn: ({ signal }) => getPersonRoles(personId, signal),
  });

export const usePersonRoles = (personId: string) => useQuery(personRolesQuery(personId));
