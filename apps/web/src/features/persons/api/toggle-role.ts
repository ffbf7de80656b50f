import type { ToggleRoleBody } from '@bpw/domain/auth-schemas';
import type { Role } from '@bpw/domain/enums/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, personDetailKeys } from './person-detail-keys';
import { api } from '../../../api/api';

/** POST auth/toggle-role: admins switch Admin or CentralExecutiveCommittee of another person. */
export const toggleRole = (body: ToggleRoleBody) => api.post<Role[]>('/auth/toggle-role', body);

export function useToggleRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleRole,
    onSuccess: (roles, { userId }) => {
      if (Array.isArray(roles)) queryClient.setQueryData(personDetailKeys.roles(userId), roles);
    },
    // Spec 01 §8: a failed toggle just reloads the person.
    onError: (_error, { userId }) => invalidatePerson(queryClient, userId),
  });
}
