import { limitedPersonListFilters } from '@bpw/domain/enums/person-list-filter';
import { personSortKeys, type PersonSortKey } from '@bpw/domain/schemas/person';
import { z } from 'zod';
import type { PersonListParams } from './api/get-persons';

/** The advanced filters of the persons list (spec 01 §2). */
export interface PersonListFilters {
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
  /** Admin only. */
  states: number[];
  /** Admin only. */
  courier: number[];
}

export type PersonListView = 'table' | 'tiles';
export type TileSize = 'small' | 'regular' | 'large';

/** Everything the list keeps for the session (spec 01 §4 "Lists"). */
export interface PersonListOptions {
  search: string;
  filters: PersonListFilters;
  isFilterOpen: boolean;
  view: PersonListView;
  tileSize: TileSize;
  sorting: { id: PersonSortKey; desc: boolean }[];
  page: number;
  pageSize: number;
}

export const emptyFilters: PersonListFilters = {
  clubs: [],
  personClubTypes: [],
  company: '',
  companySector: '',
  competences: [],
  firstname: '',
  lastname: '',
  street: '',
  zip: '',
  city: '',
  mentoringTypes: [],
  states: [],
  courier: [],
};

/** Spec 01 §9: default sort firstname then lastname, page size 10. */
export const defaultSorting: PersonListOptions['sorting'] = [
  { id: 'firstname', desc: false },
  { id: 'lastname', desc: false },
];

export const defaultOptions: PersonListOptions = {
  search: '',
  filters: emptyFilters,
  isFilterOpen: false,
  view: 'table',
  tileSize: 'regular',
  sorting: defaultSorting,
  page: 0,
  pageSize: 10,
};

export const PERSON_LIST_STORAGE_KEY = 'bpw.personList';

const numbers = z.array(z.number().int());
const optionsSchema = z.object({
  search: z.string(),
  filters: z.object({
    clubs: z.array(z.string()),
    personClubTypes: numbers,
    company: z.string(),
    companySector: z.string(),
    competences: numbers,
    firstname: z.string(),
    lastname: z.string(),
    street: z.string(),
    zip: z.string(),
    city: z.string(),
    mentoringTypes: numbers,
    states: numbers,
    courier: numbers,
  }),
  isFilterOpen: z.boolean(),
  view: z.enum(['table', 'tiles']),
  tileSize: z.enum(['small', 'regular', 'large']),
  sorting: z.array(z.object({ id: z.enum(personSortKeys), desc: z.boolean() })),
  page: z.number().int().min(0),
  pageSize: z.literal([10, 20, 50, 100]),
});

/** A stored value of an older shape is dropped rather than trusted. */
export const isPersonListOptions = (value: unknown): value is PersonListOptions =>
  optionsSchema.safeParse(value).success;

/** True when a search text or any filter is set (the clear-search button is then enabled). */
export function hasSearch(options: Pick<PersonListOptions, 'search' | 'filters'>): boolean {
  if (options.search.trim() !== '') return true;
  return Object.values(options.filters).some((value) =>
    Array.isArray(value) ? value.length > 0 : String(value).trim() !== '',
  );
}

/**
 * The request for the current options. A non-admin's filters are cut to what she may use (the
 * six limited person filters, no state and courier), in case the session kept an admin's choice.
 */
export function toPersonListParams(options: PersonListOptions, canUseAllFilters: boolean): PersonListParams {
  const { filters } = options;
  const allowedTypes: readonly number[] = limitedPersonListFilters;
  return {
    sorting: options.sorting,
    page: options.page,
    perPage: options.pageSize,
    name: options.search,
    ...filters,
    personClubTypes: canUseAllFilters
      ? filters.personClubTypes
      : filters.personClubTypes.filter((value) => allowedTypes.includes(value)),
    states: canUseAllFilters ? filters.states : [],
    courier: canUseAllFilters ? filters.courier : [],
  };
}
