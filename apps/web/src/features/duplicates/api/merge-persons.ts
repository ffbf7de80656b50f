import type { MergeBody, MergeResult } from '@bpw/domain/schemas/duplicate';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** POST duplicate/merge: one transaction on the server. */
export const mergePersons = (body: MergeBody) => api.post<MergeResult>('/duplicate/merge', body);

export function useMergePersons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergePersons,
    // Both persons changed: every cached list and detail may show one of them.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
