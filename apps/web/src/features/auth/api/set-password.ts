import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';

export interface SetPasswordInput {
  token: string;
  password: string;
}

/** POST auth/set-password with the token of the mailed link. */
export function setPassword(input: SetPasswordInput): Promise<void> {
  return api.post('/auth/set-password', input, { skipRefresh: true });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
