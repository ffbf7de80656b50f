import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** POST auth/reset-second-factor: admins remove another person's second factors (issue 21). */
export const resetSecondFactor = (userId: string) => api.post<null>('/auth/reset-second-factor', { userId });

export const useResetSecondFactor = () => useMutation({ mutationFn: resetSecondFactor });
