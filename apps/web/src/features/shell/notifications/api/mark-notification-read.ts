import type { Notification } from '@bpw/domain/schemas/notification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './get-notifications';
import { api } from '../../../../api/api';

/** PUT notification/{id}/is-read. */
export const markNotificationRead = (id: string) =>
  api.put<Notification>(`/notification/${encodeURIComponent(id)}/is-read`);

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
