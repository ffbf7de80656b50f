import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personDetailKeys } from './person-detail-keys';
import { competenceLogoPath } from './upload-competence-logo';
import { api } from '../../../api/api';

/** DELETE person/{id}/address/{addressId}/competence-logo. */
export const deleteCompetenceLogo = ({ personId, addressId }: { personId: string; addressId: string }) =>
  api.delete(competenceLogoPath(personId, addressId));

export function useDeleteCompetenceLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompetenceLogo,
    onSuccess: (_result, { personId }) =>
      queryClient.invalidateQueries({ queryKey: personDetailKeys.addresses(personId) }),
  });
}
