import { EntityState } from '@bpw/domain/enums/entity-state';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePerson } from './delete-person';
import { invalidatePersonLists } from './person-detail-keys';
import { setPersonState } from './set-person-state';
import { ApiError } from '../../../api/api-error';

/** The outcome of one call per selected person. */
export interface BulkResult {
  succeeded: string[];
  failed: string[];
  /** The server's messages of the failures, without repeats. */
  messages: string[];
}

/** The single actions' calls (PUT person/{id}/state {state: 90}, DELETE person/{id}), once per person. */
const archivePerson = (id: string) => setPersonState({ id, state: EntityState.Archived });

/**
 * Runs one call per id, a few at a time, and reports which ones worked. The server decides each
 * one with the same rules as the single action (DESIGN: bulk archive and delete work).
 */
export async function runForEach(ids: readonly string[], call: (id: string) => Promise<unknown>): Promise<BulkResult> {
  const result: BulkResult = { succeeded: [], failed: [], messages: [] };
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await call(id);
        result.succeeded.push(id);
      } catch (error) {
        result.failed.push(id);
        if (error instanceof ApiError) {
          for (const message of error.errors) if (!result.messages.includes(message)) result.messages.push(message);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return result;
}

export type BulkAction = 'archive' | 'delete';

/** Archives or deletes the selected persons, then reloads the lists. */
export function usePersonListBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: readonly string[] }) =>
      runForEach(ids, action === 'archive' ? archivePerson : deletePerson),
    onSettled: () => invalidatePersonLists(queryClient),
  });
}
