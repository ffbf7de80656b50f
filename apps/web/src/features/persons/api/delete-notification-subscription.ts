import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionsPath } from './get-notification-subscriptions';
import { personDetailKeys } from './person-detail-keys';
import { api } from '../../../api/api';

/** DELETE person/{personId}/notification-subscription/{id}. */
export const deleteSubscription = ({ personId, id }: { personId: string; id: string }) =>
  api.delete(`${subscriptionsPath(personId)}/${encodeURIComponent(id)}`);

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSettled: (_result, _error, { personId }) =>
      queryClient.invalidateQueries({ queryKey: personDetailKeys.subscriptions(personId) }),
  });
}
