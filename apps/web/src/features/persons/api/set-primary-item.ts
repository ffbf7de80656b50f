import type { PrimaryItemKind } from '@bpw/domain/schemas/address';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, invalidatePersonLists, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

export interface SetPrimaryItemInput {
  personId: string;
  kind: PrimaryItemKind;
  /** The item to mark primary; null unsets it (spec 01 §4: choosing the current primary). */
  id: string | null;
}

/** PUT person/{id}/primary-address, -phone, -email, -url or -club with {id}. */
export const setPrimaryItem = ({ personId, kind, id }: SetPrimaryItemInput) =>
  api.put(`${personPath(personId)}/primary-${kind}`, { id });

export function useSetPrimaryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryItem,
    onSuccess: (_result, { personId }) =>
      Promise.all([invalidatePerson(queryClient, personId), invalidatePersonLists(queryClient)]),
  });
}
