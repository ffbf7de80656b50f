import type { PersonList, PersonListItem, PersonSortKey } from '@bpw/domain/schemas/person';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import type { QueryValue } from '../../../api/api-client';

export type { PersonList, PersonListItem, PersonSortKey };

/** What the persons list asks the server for (spec 01 §7 "GET person"). */
export interface PersonListParams {
  sorting: { id: PersonSortKey; desc: boolean }[];
  /** Zero-based. */
  page: number;
  /** 10, 20, 50 or 100 (0 would be all). */
  perPage: number;
  name: string;
  clubs: string[];
  personClubTypes: number[];
  company: string;
  companySector: string;
  competences: number[];
  firstname: string;
  lastname: string;
  street: string;
  zip: string;
  city: string;
  mentoringTypes: number[];
  states: number[];
  courier: number[];
}

const text = (value: string) => value.trim() || undefined;

/** The query string: PascalCase keys, lists as repeated keys, empty filters left out. */
export function toPersonListQuery(params: PersonListParams): Record<string, QueryValue> {
  return {
    SortBy: params.sorting.map((sort) => sort.id),
    SortDesc: params.sorting.map((sort) => sort.desc),
    Page: params.page,
    PerPage: params.perPage,
    Name: text(params.name),
    Clubs: params.clubs,
    PersonClubTypes: params.personClubTypes,
    Company: text(params.company),
    CompanySector: text(params.companySector),
    Competences: params.competences,
    Firstname: text(params.firstname),
    Lastname: text(params.lastname),
    Street: text(params.street),
    Zip: text(params.zip),
    City: text(params.city),
    PersonMentoringTypes: params.mentoringTypes,
    States: params.states,
    // Admin only (spec 01 §2). Named like the export's parameter; see the issue note.
    BpwCourier: params.courier,
  };
}

/** GET person: one page of the persons list. */
export function getPersons(params: PersonListParams, signal?: AbortSignal): Promise<PersonList> {
  return api.get<PersonList>('/person', toPersonListQuery(params), signal);
}

export const personListKeys = {
  all: ['persons'] as const,
  list: (params: PersonListParams) => ['persons', 'list', params] as const,
};

/** Keeps the previous page on screen while the next one loads (the table shows a progress bar). */
export const personsQuery = (params: PersonListParams) =>
  queryOptions({
    queryKey: personListKeys.list(params),
    queryFn: ({ signal }) => getPersons(params, signal),
    placeholderData: keepPreviousData,
  });

export const usePersons = (params: PersonListParams) => useQuery(personsQuery(params));
