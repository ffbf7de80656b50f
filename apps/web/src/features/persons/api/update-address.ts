import type { AddressInput } from '@bpw/domain/schemas/address';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** PUT person/{id}/address/{addressId}: the same fields, with ids for the entries that exist. */
export const updateAddress = ({
  personId,
  addressId,
  body,
}: {
  personId: string;
  addressId: string;
  body: AddressInput;
}) => api.put(`${personPath(personId)}/address/${encodeURIComponent(addressId)}`, body);

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (_result, { personId }) => invalidatePerson(queryClient, personId),
  });
}
