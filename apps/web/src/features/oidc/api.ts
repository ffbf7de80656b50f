import type {
  OidcClient,
  OidcClientBody,
  OidcClientCreateBody,
  OidcClientCreated,
  OidcClientList,
  OidcConsentList,
  OidcInteraction,
  OidcRedirect,
} from '@bpw/domain/schemas/oidc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Issue 26: the calls of the applications page (admins), the consent page and her connected apps. */
const keys = {
  clients: ['oidc-client'] as const,
  consents: ['oidc-consent'] as const,
  interaction: (uid: string) => ['oidc-interaction', uid] as const,
};

export const useOidcClients = () =>
  useQuery({
    queryKey: keys.clients,
    queryFn: ({ signal }) => api.get<OidcClientList>('/oidc-client', { Page: 0, PerPage: 0 }, signal),
  });

function useClientMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.clients }),
  });
}

export const useCreateOidcClient = () =>
  useClientMutation((body: OidcClientCreateBody) => api.post<OidcClientCreated>('/oidc-client', body));
export const useChangeOidcClient = () =>
  useClientMutation(({ id, body }: { id: string; body: OidcClientBody }) =>
    api.put<OidcClient>(`/oidc-client/${encodeURIComponent(id)}`, body),
  );
export const useRenewOidcSecret = () =>
  useClientMutation((id: string) => api.post<OidcClientCreated>(`/oidc-client/${encodeURIComponent(id)}/secret`));
export const useDeleteOidcClient = () =>
  useClientMutation((id: string) => api.delete(`/oidc-client/${encodeURIComponent(id)}`));

/** The consent page's question: only this browser's interaction answers (its cookie). */
export const useOidcInteraction = (uid: string) =>
  useQuery({
    queryKey: keys.interaction(uid),
    queryFn: ({ signal }) =>
      api.get<OidcInteraction>(`/oidc-interaction/${encodeURIComponent(uid)}`, undefined, signal),
    retry: false,
    staleTime: Infinity,
  });

export const answerOidcInteraction = (uid: string, accept: boolean) =>
  api.post<OidcRedirect>(`/oidc-interaction/${encodeURIComponent(uid)}/${accept ? 'accept' : 'deny'}`);

export const useOidcConsents = () =>
  useQuery({
    queryKey: keys.consents,
    queryFn: ({ signal }) => api.get<OidcConsentList>('/oidc-consent', undefined, signal),
  });

export const useWithdrawOidcConsent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => api.delete(`/oidc-consent/${encodeURIComponent(clientId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.consents }),
  });
};
