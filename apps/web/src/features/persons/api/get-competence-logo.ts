import { queryOptions, useQuery } from '@tanstack/react-query';
import { competenceLogoPath } from './upload-competence-logo';
import { personDetailKeys } from './person-detail-keys';
import { api } from '../../../api/api';

/** GET person/{id}/address/{addressId}/competence-logo: the image, cached by its id. */
export const getCompetenceLogo = (personId: string, addressId: string, logoId: string, signal?: AbortSignal) =>
  api.blob(competenceLogoPath(personId, addressId), { cache: logoId }, signal);

export const competenceLogoQuery = (personId: string, addressId: string, logoId: string) =>
  queryOptions({
    queryKey: [...personDetailKeys.addresses(personId), addressId, 'logo', logoId] as const,
    queryFn: ({ signal }) => getCompetenceLogo(personId, addressId, logoId, signal),
    staleTime: Infinity,
  });

export const useCompetenceLogo = (personId: string, addressId: string, logoId: string | null) =>
  useQuery({ ...competenceLogoQuery(personId, addressId, logoId ?? ''), enabled: Boolean(logoId) });
