import type { MailingList, MailingListWriteData } from '@bpw/domain/schemas/mailing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** Issue 18: mailing lists: managed by club managers and admins, joined and left by members. */
export interface Subscriber {
  personId: string;
  firstname: string | null;
  lastname: string;
  email: string | null;
  subscribedAt: string;
}
type Paged<T> = { items: T[]; total: number };

/** Which lists: one club's, the association's, or all visible to the caller. */
export type ListScope = { clubId: string } | { association: true } | 'visible';

export const mailingListKeys = {
  all: ['mailing-list'] as const,
  list: (scope: ListScope, page: number, perPage: number) => ['mailing-list', 'list', scope, page, perPage] as const,
  subscribers: (id: string, name: string, page: number, perPage: number) =>
    ['mailing-list', 'subscribers', id, name, page, perPage] as const,
};

const scopeQuery = (scope: ListScope) =>
  scope === 'visible' ? {} : 'clubId' in scope ? { ClubId: scope.clubId } : { Association: true };

/** GET mailing-list: the lists the caller may see, sorted by name, one page. */
export const useMailingLists = (scope: ListScope, page: number, perPage: number, isEnabled = true) =>
  useQuery({
    queryKey: mailingListKeys.list(scope, page, perPage),
    queryFn: ({ signal }) =>
      api.get<Paged<MailingList>>('/mailing-list', { ...scopeQuery(scope), Page: page, PerPage: perPage }, signal),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });

export const useSubscribers = (id: string, name: string, page: number, perPage: number) =>
  useQuery({
    queryKey: mailingListKeys.subscribers(id, name, page, perPage),
    queryFn: ({ signal }) =>
      api.get<Paged<Subscriber>>(
        `/mailing-list/${encodeURIComponent(id)}/subscriber`,
        { Name: name.trim() || undefined, Page: page, PerPage: perPage },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

function useListMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailingListKeys.all }),
  });
}

const path = (id: string) => `/mailing-list/${encodeURIComponent(id)}`;
export const useCreateMailingList = () =>
  useListMutation((body: MailingListWriteData) => api.post<MailingList>('/mailing-list', body));
export const useChangeMailingList = () =>
  useListMutation(({ id, body }: { id: string; body: MailingListWriteData }) => api.put<MailingList>(path(id), body));
export const useDeleteMailingList = () => useListMutation((id: string) => api.delete(path(id)));
export const useRemoveSubscriber = () =>
  useListMutation(({ id, personId }: { id: string; personId: string }) =>
    api.delete(`${path(id)}/subscriber/${encodeURIComponent(personId)}`),
  );
/** The caller joins (true) or leaves (false) an open list. */
export const useSubscription = () =>
  useListMutation(({ id, isSubscribed }: { id: string; isSubscribed: boolean }) =>
    isSubscribed ? api.post(`${path(id)}/subscription`) : api.delete(`${path(id)}/subscription`),
  );
