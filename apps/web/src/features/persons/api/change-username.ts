import type { ChangeUsernameBody } from '@bpw/domain/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personDetailKeys } from './person-detail-keys';
import { api } from '../../../api/api';

/** POST auth/change-username: userId and the new username (an e-mail address). */
export const changeUsername = (body: ChangeUsernameBody) => api.post('/auth/change-username', body);

export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUsername,
    onSuccess: (_result, { userId }) => queryClient.invalidateQueries({ queryKey: personDetailKeys.sysInfo(userId) }),
  });
}
