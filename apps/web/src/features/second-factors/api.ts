import type {
  Passkey,
  PasskeyOptions,
  RecoveryCodes,
  SecondFactorStatus,
  SignInSession,
  TotpSetup,
} from '@bpw/domain/second-factors';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/** The calls of the security page (issue 21): second factors, passkeys and sign-ins. */
const keys = {
  all: ['second-factors'] as const,
  status: () => [...keys.all, 'status'] as const,
  passkeys: () => [...keys.all, 'passkeys'] as const,
  sessions: () => [...keys.all, 'sessions'] as const,
};

type Paged<T> = { items: T[]; total: number };

/** Sessions and passkeys are short lists: the first 100 (the most the API pages). */
const firstHundred = { Page: 0, PerPage: 100 };

export const useSecondFactorStatus = () =>
  useQuery(
    queryOptions({
      queryKey: keys.status(),
      queryFn: ({ signal }) => api.get<SecondFactorStatus>('/auth/second-factors', undefined, signal),
    }),
  );

export const usePasskeys = () =>
  useQuery({
    queryKey: keys.passkeys(),
    queryFn: ({ signal }) => api.get<Paged<Passkey>>('/auth/passkeys', firstHundred, signal),
  });

export const useSessions = () =>
  useQuery({
    queryKey: keys.sessions(),
    queryFn: ({ signal }) => api.get<Paged<SignInSession>>('/auth/sessions', firstHundred, signal),
  });

/** A change of second factors: the status and the passkeys are read again. */
function useFactorMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const startTotpSetup = () => api.post<TotpSetup>('/auth/totp/setup');
export const useConfirmTotp = () =>
  useFactorMutation((code: string) => api.post<RecoveryCodes>('/auth/totp/confirm', { code }));
export const useDisableTotp = () => useFactorMutation((code: string) => api.post('/auth/totp/disable', { code }));
export const useRenewRecoveryCodes = () => useFactorMutation(() => api.post<RecoveryCodes>('/auth/recovery-codes'));

export const passkeyRegistrationOptions = () => api.post<PasskeyOptions>('/auth/passkeys/options');
export const useRegisterPasskey = () =>
  useFactorMutation((body: { name: string; challengeToken: string; credential: unknown }) =>
    api.post<Passkey>('/auth/passkeys', body),
  );
export const useRenamePasskey = () =>
  useFactorMutation(({ id, name }: { id: string; name: string }) =>
    api.put<Passkey>(`/auth/passkeys/${encodeURIComponent(id)}`, { name }),
  );
export const useRemovePasskey = () =>
  useFactorMutation((id: string) => api.delete(`/auth/passkeys/${encodeURIComponent(id)}`));

export const useEndSession = () =>
  useFactorMutation((id: string) => api.delete(`/auth/sessions/${encodeURIComponent(id)}`));
export const useEndOtherSessions = () => useFactorMutation(() => api.delete('/auth/sessions'));

/** POST auth/reset-second-factor (admins, the person page). */
export const resetSecondFactor = (userId: string) => api.post('/auth/reset-second-factor', { userId });
