import type { ChangePasswordBody } from '@bpw/domain/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** POST auth/change-password: userId, password, and currentPassword for the own account. */
export const changePassword = (body: ChangePasswordBody) => api.post('/auth/change-password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
