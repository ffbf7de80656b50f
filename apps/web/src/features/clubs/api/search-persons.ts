import type { PersonList } from '@bpw/domain/schemas/person';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** GET person?Name=…: the person picker's suggestions, 20 at a time, by firstname then lastname. */
export const searchPersons = (name: string, signal?: AbortSignal) =>
  api.get<PersonList>(
    '/person',
    { Name: name, SortBy: ['firstname', 'lastname'], SortDesc: [false, false], Page: 0, PerPage: 20 },
    signal,
  );

export const personSearchQuery = (name: string) =>
  queryOptions({
    queryKey: ['person', 'search', name] as const,
    queryFn: ({ signal }) => searchPersons(name, signal),
    enabled: name.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export const usePersonSearch = (name: string) => useQuery(personSearchQuery(name));
