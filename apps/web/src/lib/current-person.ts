import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/api';
import { authStore, useAuth, type SessionPerson } from './auth-store';

/** The fields of `GET person/{id}` the shell needs for the signed-in person. */
export type CurrentPerson = SessionPerson;

export const personQueryKey = (id: string) => ['person', id] as const;

export const currentPersonQuery = (id: string) =>
  queryOptions({
    queryKey: personQueryKey(id),
    queryFn: ({ signal }) => api.get<CurrentPerson>(`/person/${encodeURIComponent(id)}`, undefined, signal),
    staleTime: 5 * 60_000,
  });

/**
 * The signed-in person, loaded at sign-in and at app start (spec 01 §4, token handling). Until
 * the server answers, the copy kept with the session stands in (spec 01 §9, persistence); each
 * answer updates that copy.
 */
export function useCurrentPerson() {
  const auth = useAuth();
  const personId = auth?.personId ?? '';
  const query = useQuery({
    ...currentPersonQuery(personId),
    enabled: Boolean(auth),
    placeholderData: auth?.person,
  });
  const { data: person, isPlaceholderData } = query;
  useEffect(() => {
    if (person && !isPlaceholderData) authStore.setPerson(person);
  }, [person, isPlaceholderData]);
  return query;
}

export function personDisplayName(person: Pick<CurrentPerson, 'firstname' | 'lastname'>): string {
  return [person.firstname, person.lastname].filter(Boolean).join(' ');
}
