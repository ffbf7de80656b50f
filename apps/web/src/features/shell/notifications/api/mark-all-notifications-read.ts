import { NotificationChannel } from '@bpw/domain/enums/notification';
import type { MarkAllReadBody } from '@bpw/domain/schemas/notification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './get-notifications';
import { api } from '../../../../api/api';

/** PUT notification with personId and the web-app channel: marks all as read. */
export const markAllNotificationsRead = (personId: string) =>
  api.put<{ count: number }>('/notification', {
    personId,
    channel: NotificationChannel.webApp,
  } satisfies MarkAllReadBody);

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    // Spec 01 §8: a failure is swallowed; the list reloads either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
