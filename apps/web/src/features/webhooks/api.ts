import type {
  Webhook,
  WebhookAttempt,
  WebhookCreateData,
  WebhookUpdateData,
  WebhookWithSecret,
} from '@bpw/domain/schemas/webhook';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Issue 26: the calls of the webhook pages (a club's tab, the association's admin page). */
type WebhookList = { items: Webhook[]; total: number };
type WebhookAttemptList = { items: WebhookAttempt[]; total: number };

const keys = {
  all: ['webhook'] as const,
  list: (clubId: string | null) => ['webhook', 'list', clubId ?? 'association'] as const,
  attempts: (id: string, page: number, perPage: number) => ['webhook', 'attempt', id, page, perPage] as const,
};

export const useWebhooks = (clubId: string | null) =>
  useQuery({
    queryKey: keys.list(clubId),
    queryFn: ({ signal }) => api.get<WebhookList>('/webhook', clubId ? { ClubId: clubId } : undefined, signal),
  });

/** The delivery log of a subscription, newest first, one page. */
export const useWebhookAttempts = (id: string, page: number, perPage: number) =>
  useQuery({
    queryKey: keys.attempts(id, page, perPage),
    queryFn: ({ signal }) =>
      api.get<WebhookAttemptList>(
        `/webhook/${encodeURIComponent(id)}/attempt`,
        { Page: page, PerPage: perPage },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

function useWebhookMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: WebhookCreateData) => api.post<WebhookWithSecret>('/webhook', body));
export const useChangeWebhook = () =>
  useWebhookMutation(({ id, body }: { id: string; body: WebhookUpdateData }) =>
    api.put<Webhook>(`/webhook/${encodeURIComponent(id)}`, body),
  );
export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) => api.post<WebhookWithSecret>(`/webhook/${encodeURIComponent(id)}/secret`));
export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => api.delete(`/webhook/${encodeURIComponent(id)}`));
export const useRedeliverWebhookMessage = () =>
  useWebhookMutation(({ id, messageId }: { id: string; messageId: string }) =>
    api.post(`/webhook/${encodeURIComponent(id)}/message/${encodeURIComponent(messageId)}/redelivery`),
  );
