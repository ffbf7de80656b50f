import type { PersonList, PersonListItem, PersonListQueryInput, PersonSortKey } from '@bpw/domain/schemas/person';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { showsLoadError } from '../../../lib/query-client';

export type { PersonList, PersonListItem, PersonSortKey };

/** GET person: one page of the persons list (spec 01 §7), the parameters by the domain's names. */
export function getPersons(query: PersonListQueryInput, signal?: AbortSignal): Promise<PersonList> {
  return api.get<PersonList>('/person', query, signal);
}

export const personListKeys = {
  all: ['persons'] as const,
  list: (query: PersonListQueryInput) => ['persons', 'list', query] as const,
};

/** Keeps the previous page on screen while the next one loads (the table shows a progress bar). */
export const personsQuery = (query: PersonListQueryInput) =>
  queryOptions({
    queryKey: personListKeys.list(query),
    queryFn: ({ signal }) => getPersons(query, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

export const usePersons = (query: PersonListQueryInput) => useQuery(personsQuery(query));
