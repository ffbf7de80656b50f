import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** DELETE person/{id}/address/{addressId}. */
export const deleteAddress = ({ personId, addressId }: { personId: string; addressId: string }) =>
  api.delete(`${personPath(personId)}/address/${encodeURIComponent(addressId)}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_result, { personId }) => invalidatePerson(queryClient, personId),
  });
}
