import type { LanguageCode } from '@bpw/domain/enums/language';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** The public unsubscribe page's calls (no sign-in): the mailed link's token names the list and person. */
export interface UnsubscribeInfo {
  listName: string;
  clubName: string | null;
  isSubscribed: boolean;
  /** The recipient's language (null: none we know); the page switches to it. */
  language: LanguageCode | null;
}

const keys = { info: (token: string) => ['mailing-unsubscribe', token] as const };
const path = (token: string) => `/mailing-unsubscribe/${encodeURIComponent(token)}`;

export const useUnsubscribeInfo = (token: string) =>
  useQuery({
    queryKey: keys.info(token),
    queryFn: ({ signal }) => api.get<UnsubscribeInfo>(path(token), undefined, signal),
    retry: false,
  });

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(path(token)),
    onSuccess: () =>
      queryClient.setQueryData<UnsubscribeInfo>(keys.info(token), (info) => info && { ...info, isSubscribed: false }),
  });
}
