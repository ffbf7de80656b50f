import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personDetailKeys, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

export const competenceLogoPath = (personId: string, addressId: string) =>
  `${personPath(personId)}/address/${encodeURIComponent(addressId)}/competence-logo`;

/** POST person/{id}/address/{addressId}/competence-logo with the form field CompetenceLogo. */
export function uploadCompetenceLogo({
  personId,
  addressId,
  file,
}: {
  personId: string;
  addressId: string;
  file: File;
}) {
  const form = new FormData();
  form.append('CompetenceLogo', file);
  return api.post(competenceLogoPath(personId, addressId), form);
}

export function useUploadCompetenceLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompetenceLogo,
    onSuccess: (_result, { personId }) =>
      queryClient.invalidateQueries({ queryKey: personDetailKeys.addresses(personId) }),
  });
}
