import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from '@bpw/domain/schemas/api-token';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/**
 * Issue 26: the calls of the API token lists. `ownerPath` names whose tokens: '/api-token' her
 * own, '/club/{id}/api-token' a club's, '/association/api-token' the association's.
 */
const keys = { all: ['api-token'] as const, of: (ownerPath: string) => ['api-token', ownerPath] as const };

type Paged<T> = { items: T[]; total: number };

export const useApiTokens = (ownerPath: string) =>
  useQuery({
    queryKey: keys.of(ownerPath),
    queryFn: ({ signal }) => api.get<Paged<ApiToken>>(ownerPath, { Page: 0, PerPage: 100 }, signal),
  });

export function useCreateApiToken(ownerPath: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => api.post<CreatedApiToken>(ownerPath, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ApiToken>(`/api-token/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
