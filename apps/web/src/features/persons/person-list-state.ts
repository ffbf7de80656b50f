import { competenceTopicEnum, type CompetenceTopic } from '@bpw/domain/enums/competence';
import { courierTypeEnum, type CourierType } from '@bpw/domain/enums/courier-type';
import { entityStateEnum, type EntityState } from '@bpw/domain/enums/entity-state';
import {
  isLimitedPersonListFilter,
  personListFilterEnum,
  type PersonListFilter,
} from '@bpw/domain/enums/person-list-filter';
import type { PersonListQueryInput } from '@bpw/domain/schemas/person';
import { personPageSizes, personSortKeys, type PersonSortKey } from '@bpw/domain/schemas/person-list-keys';

/**
 * The advanced filters of the persons list (spec 01 §2) as the session keeps them: texts as
 * typed, the enumerations by their values. `toPersonListQuery` names them as GET person does.
 * Checked without zod (issue 20: the list is the first page of many, and zod with the domain's
 * schemas was a long task of its own there).
 */
export interface PersonListFilters {
  clubs: string[];
  personClubTypes: PersonListFilter[];
  company: string;
  companySector: string;
  competences: CompetenceTopic[];
  firstname: string;
  lastname: string;
  street: string;
  zip: string;
  city: string;
  mentoringTypes: CompetenceTopic[];
  /** Admin only. */
  states: EntityState[];
  /** Admin only. */
  courier: CourierType[];
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

const isString = (value: unknown): value is string => typeof value === 'string';
const isListOf =
  (isItem: (item: unknown) => boolean) =>
  (value: unknown): boolean =>
    Array.isArray(value) && value.every(isItem);
const isOneOfValues = (values: readonly unknown[]) => (value: unknown) => values.includes(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const filterChecks: Record<keyof PersonListFilters, (value: unknown) => boolean> = {
  clubs: isListOf(isString),
  personClubTypes: isListOf(personListFilterEnum.is),
  company: isString,
  companySector: isString,
  competences: isListOf(competenceTopicEnum.is),
  firstname: isString,
  lastname: isString,
  street: isString,
  zip: isString,
  city: isString,
  mentoringTypes: isListOf(competenceTopicEnum.is),
  states: isListOf(entityStateEnum.is),
  courier: isListOf(courierTypeEnum.is),
};

const isSortEntry = (value: unknown) =>
  isRecord(value) && isOneOfValues(personSortKeys)(value.id) && typeof value.desc === 'boolean';

const optionChecks: Record<keyof PersonListOptions, (value: unknown) => boolean> = {
  search: isString,
  filters: (value) =>
    isRecord(value) &&
    (Object.keys(filterChecks) as (keyof PersonListFilters)[]).every((key) => filterChecks[key](value[key])),
  isFilterOpen: (value) => typeof value === 'boolean',
  view: isOneOfValues(['table', 'tiles']),
  tileSize: isOneOfValues(['small', 'regular', 'large']),
  sorting: isListOf(isSortEntry),
  page: (value) => Number.isInteger(value) && (value as number) >= 0,
  pageSize: isOneOfValues(personPageSizes.filter((size) => size > 0)),
};

/** A stored value of an older shape is dropped rather than trusted. */
export const isPersonListOptions = (value: unknown): value is PersonListOptions =>
  isRecord(value) &&
  (Object.keys(optionChecks) as (keyof PersonListOptions)[]).every((key) => optionChecks[key](value[key]));

/** True when a search text or any filter is set (the clear-search button is then enabled). */
export function hasSearch(options: Pick<PersonListOptions, 'search' | 'filters'>): boolean {
  if (options.search.trim() !== '') return true;
  return Object.values(options.filters).some((value) =>
    Array.isArray(value) ? value.length > 0 : String(value).trim() !== '',
  );
}

const text = (value: string) => value.trim() || undefined;

/**
 * GET person's query for the current options (spec 01 §7): the domain's parameter names, empty
 * texts left out. A non-admin's filters are cut to what she may use (the six limited person
 * filters, no state and courier), in case the session kept an admin's choice.
 */
export function toPersonListQuery(options: PersonListOptions, canUseAllFilters: boolean): PersonListQueryInput {
  const { filters } = options;
  return {
    SortBy: options.sorting.map((sort) => sort.id),
    SortDesc: options.sorting.map((sort) => sort.desc),
    Page: options.page,
    // The stored size is one of the list's (isPersonListOptions); the default when not (spec 01 §9).
    PerPage: personPageSizes.find((size) => size === options.pageSize) ?? 10,
    Name: text(options.search),
    Clubs: filters.clubs,
    PersonClubTypes: canUseAllFilters
      ? filters.personClubTypes
      : filters.personClubTypes.filter(isLimitedPersonListFilter),
    Company: text(filters.company),
    CompanySector: text(filters.companySector),
    Competences: filters.competences,
    Firstname: text(filters.firstname),
    Lastname: text(filters.lastname),
    Street: text(filters.street),
    Zip: text(filters.zip),
    City: text(filters.city),
    PersonMentoringTypes: filters.mentoringTypes,
    States: canUseAllFilters ? filters.states : [],
    // Admin only (spec 01 §2). Named like the export's parameter; see the issue note.
    BpwCourier: canUseAllFilters ? filters.courier : [],
  };
}
