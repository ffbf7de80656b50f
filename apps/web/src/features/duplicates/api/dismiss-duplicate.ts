import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { duplicateKeys } from './get-duplicates';

/** POST duplicate/dismissal: "not a duplicate", for good. */
export const dismissDuplicate = (personIds: readonly [string, string]) =>
  api.post('/duplicate/dismissal', { personIds });

export function useDismissDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissDuplicate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
  });
}
