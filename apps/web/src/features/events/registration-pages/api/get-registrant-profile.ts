import type { Address } from '@bpw/domain/schemas/address';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';
import { personQueryKey } from '../../../../lib/current-person';

export interface RegistrantProfile {
  firstname: string;
  lastname: string;
  email: string;
  street: string;
  zip: string;
  city: string;
  countryCode: string | null;
}

/** The signed-in person's name, primary e-mail and primary address (else her first address). */
export function profileOf(person: PersonDetail, addresses: readonly Address[]): RegistrantProfile {
  const address = addresses.find((item) => item.id === person.primaryAddressId) ?? addresses[0];
  return {
    firstname: person.firstname ?? '',
    lastname: person.lastname,
    email: person.primaryEmail?.value ?? '',
    street: address?.street ?? '',
    zip: address?.zip ?? '',
    city: address?.city ?? '',
    countryCode: address?.countryCode ?? null,
  };
}

/**
 * The registration form's prefill for a member (spec 02 §2 "Registration page"): GET person/{id}
 * (shared with the app frame's copy) and GET person/{id}/address.
 */
export function useRegistrantProfile(personId: string | null) {
  const person = useQuery({
    queryKey: personQueryKey(personId ?? ''),
    queryFn: ({ signal }) => api.get<PersonDetail>(`/person/${encodeURIComponent(personId ?? '')}`, undefined, signal),
    enabled: Boolean(personId),
    staleTime: 60_000,
  });
  const addresses = useQuery({
    queryKey: ['person', personId, 'address'] as const,
    queryFn: async ({ signal }) => {
      const answer = await api.get<Address[] | { items: Address[] }>(
        `/person/${encodeURIComponent(personId ?? '')}/address`,
        undefined,
        signal,
      );
      return Array.isArray(answer) ? answer : answer.items;
    },
    enabled: Boolean(personId),
  });
  const isSettled = !personId || ((person.isSuccess || person.isError) && (addresses.isSuccess || addresses.isError));
  const detail = person.data && 'primaryEmail' in person.data ? person.data : null;
  const profile = detail ? profileOf(detail, addresses.data ?? []) : null;
  const member =
    personId && detail
      ? {
          personId,
          name: [detail.firstname, detail.lastname].filter(Boolean).join(' '),
          avatarId: detail.avatarId,
        }
      : null;
  return { profile, member, isSettled };
}
