import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** POST auth/reset-password: mails a single-use link to set a new password (DESIGN). */
export function requestPasswordReset(email: string): Promise<void> {
  return api.post('/auth/reset-password', { email }, { skipRefresh: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
