import { competenceTopicSchema } from '@bpw/domain/enums/competence';
import { enumSchema } from '@bpw/domain/enums/enum-helpers';
import { entityStateEnum } from '@bpw/domain/enums/entity-state';
import { courierTypeSchema } from '@bpw/domain/enums/person-fields';
import { isLimitedPersonListFilter, personListFilterEnum } from '@bpw/domain/enums/person-list-filter';
import {
  personPageSizes,
  personSortKeys,
  type PersonListQueryInput,
  type PersonSortKey,
} from '@bpw/domain/schemas/person';
import { z } from 'zod';

/**
 * The advanced filters of the persons list (spec 01 §2) as the session keeps them: texts as
 * typed, the enumerations by the domain's schemas. `toPersonListQuery` names them as GET person does.
 */
const filtersSchema = z.object({
  clubs: z.array(z.string()),
  personClubTypes: z.array(enumSchema(personListFilterEnum)),
  company: z.string(),
  companySector: z.string(),
  competences: z.array(competenceTopicSchema),
  firstname: z.string(),
  lastname: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  mentoringTypes: z.array(competenceTopicSchema),
  /** Admin only. */
  states: z.array(enumSchema(entityStateEnum)),
  /** Admin only. */
  courier: z.array(courierTypeSchema),
});
export type PersonListFilters = z.infer<typeof filtersSchema>;

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

const optionsSchema = z.object({
  search: z.string(),
  filters: filtersSchema,
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
