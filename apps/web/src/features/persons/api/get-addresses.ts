import type { Address, AddressList } from '@bpw/domain/schemas/address';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personDetailKeys, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** GET person/{id}/address: the person's addresses with their e-mails, phones and URLs. */
export async function getAddresses(personId: string, signal?: AbortSignal): Promise<Address[]> {
  const answer = await api.get<AddressList | Address[]>(`${personPath(personId)}/address`, undefined, signal);
  return Array.isArray(answer) ? answer : answer.items;
}

export const addressesQuery = (personId: string) =>
  queryOptions({
    queryKey: personDetailKeys.addresses(personId),
    queryFn: ({ signal }) => getAddresses(personId, signal),
  });

export const useAddresses = (personId: string) => useQuery(addressesQuery(personId));
