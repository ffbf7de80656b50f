import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';

export interface AuthenticateInput {
  username: string;
  password: string;
}

export interface AuthTokensResponse {
  token: string;
  refreshToken: string;
}

/** POST auth/authenticate; the terms are accepted by the checkbox that enables the button. */
export function authenticate({ username, password }: AuthenticateInput): Promise<AuthTokensResponse> {
  return api.post<AuthTokensResponse>(
    '/auth/authenticate',
    { username, password, acceptedTermsAndConditions: true },
    { skipRefresh: true },
  );
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
