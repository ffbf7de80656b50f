import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionsPath } from './get-notification-subscriptions';
import { personDetailKeys } from './person-detail-keys';
import { api } from '../../../api/api';

export interface SubscriptionUpdateInput {
  personId: string;
  id: string;
  body: { isApplicationEnabled: boolean; isEmailEnabled: boolean };
}

/** PUT person/{personId}/notification-subscription/{id}: the two channel switches. */
export const updateSubscription = ({ personId, id, body }: SubscriptionUpdateInput) =>
  api.put(`${subscriptionsPath(personId)}/${encodeURIComponent(id)}`, body);

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSettled: (_result, _error, { personId }) =>
      queryClient.invalidateQueries({ queryKey: personDetailKeys.subscriptions(personId) }),
  });
}
