import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/api';
import { useAuth } from './auth-store';
import type { LanguageCode } from './locale';

/** The fields of `GET person/{id}` the shell needs for the signed-in person. */
export interface CurrentPerson {
  id: string;
  firstname: string | null;
  lastname: string;
  languageCode: LanguageCode;
  avatarId: string | null;
  primaryClub: { id: string; name: string } | null;
}

export const personQueryKey = (id: string) => ['person', id] as const;

export const currentPersonQuery = (id: string) =>
  queryOptions({
    queryKey: personQueryKey(id),
    queryFn: ({ signal }) => api.get<CurrentPerson>(`/person/${encodeURIComponent(id)}`, undefined, signal),
    staleTime: 5 * 60_000,
  });

/** The signed-in person, loaded at sign-in and at app start (spec 01 §4, token handling). */
export function useCurrentPerson() {
  const auth = useAuth();
  return useQuery({ ...currentPersonQuery(auth?.personId ?? ''), enabled: Boolean(auth) });
}

export function personDisplayName(person: Pick<CurrentPerson, 'firstname' | 'lastname'>): string {
  return [person.firstname, person.lastname].filter(Boolean).join(' ');
}
