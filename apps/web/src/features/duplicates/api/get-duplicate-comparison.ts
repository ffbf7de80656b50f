import type { DuplicateComparison } from '@bpw/domain/schemas/duplicate';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { duplicateKeys } from './get-duplicates';

/** GET duplicate/comparison: both persons side by side, with what a merge would move. */
export const getDuplicateComparison = (personIds: readonly string[], signal?: AbortSignal) =>
  api.get<DuplicateComparison>('/duplicate/comparison', { PersonIds: personIds }, signal);

export const useDuplicateComparison = (personIds: readonly string[]) =>
  useQuery({
    queryKey: duplicateKeys.comparison(personIds),
    queryFn: ({ signal }) => getDuplicateComparison(personIds, signal),
    // Always the current state: the merge moves what the dialog says.
    staleTime: 0,
  });
