import type {
  Application,
  ApplicationAcceptBody,
  ApplicationAccepted,
  ApplicationAskBody,
  ApplicationList,
  ApplicationRejectBody,
} from '@bpw/domain/schemas/application';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, scopedPath } from './application-keys';
import { api } from '../../../api/api';

/** GET club/{id}/application or application: one page, oldest first. */
export function usePendingApplications(clubId: string | null, page: number, perPage: number) {
  return useQuery({
    queryKey: applicationKeys.list(clubId, page, perPage),
    queryFn: ({ signal }) =>
      api.get<ApplicationList>(
        scopedPath(clubId, 'application', 'application'),
        { Page: page, PerPage: perPage },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

type Decision =
  | { kind: 'accept'; body: ApplicationAcceptBody }
  | { kind: 'reject'; body: ApplicationRejectBody }
  | { kind: 'ask'; body: ApplicationAskBody };

/** PUT application/{id}/accept, reject or ask; the list is read again afterwards. */
export function useDecideApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      api.put<ApplicationAccepted | Application | undefined>(
        `/application/${encodeURIComponent(id)}/${decision.kind}`,
        decision.body,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
