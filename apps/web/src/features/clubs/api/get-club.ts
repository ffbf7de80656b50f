import type { Club } from '@bpw/domain/schemas/club';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clubKeys } from './get-clubs';
import { api } from '../../../api/api';

/** GET club/{id}. */
export const getClub = (id: string, signal?: AbortSignal) =>
  api.get<Club>(`/club/${encodeURIComponent(id)}`, undefined, signal);

export const clubQuery = (id: string) =>
  queryOptions({ queryKey: clubKeys.detail(id), queryFn: ({ signal }) => getClub(id, signal) });

export const useClub = (id: string) => useQuery(clubQuery(id));
