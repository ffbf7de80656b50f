import type { AddressInput } from '@bpw/domain/schemas/address';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** POST person/{id}/address: the address with its e-mails, phones and URLs. */
export const createAddress = ({ personId, body }: { personId: string; body: AddressInput }) =>
  api.post<{ id: string }>(`${personPath(personId)}/address`, body);

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    // A first e-mail or phone may become primary on the server: reload the person too.
    onSuccess: (_result, { personId }) => invalidatePerson(queryClient, personId),
  });
}
