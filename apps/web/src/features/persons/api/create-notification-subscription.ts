import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionsPath } from './get-notification-subscriptions';
import { personDetailKeys } from './person-detail-keys';
import { api } from '../../../api/api';

export interface SubscriptionCreateInput {
  clubId: string | null;
  notificationType: number;
}

/** POST person/{personId}/notification-subscription: in the app on, by e-mail off (spec 01 §7). */
export const createSubscription = ({ personId, body }: { personId: string; body: SubscriptionCreateInput }) =>
  api.post<{ id: string }>(subscriptionsPath(personId), { ...body, isApplicationEnabled: true, isEmailEnabled: false });

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSettled: (_result, _error, { personId }) =>
      queryClient.invalidateQueries({ queryKey: personDetailKeys.subscriptions(personId) }),
  });
}
