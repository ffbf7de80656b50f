import { PersonListFilter } from '@bpw/domain/enums/person-list-filter';
import type { PersonListQueryInput } from '@bpw/domain/schemas/person';
import { describe, expect, it } from 'vitest';
import {
  defaultOptions,
  emptyFilters,
  hasSearch,
  isPersonListOptions,
  toPersonListQuery,
  type PersonListOptions,
} from './person-list-state';
import { pagerWindow } from './person-tiles-pager';

const F = PersonListFilter;
const withFilters = (filters: Partial<PersonListOptions['filters']>): PersonListOptions => ({
  ...defaultOptions,
  filters: { ...emptyFilters, ...filters },
});

describe('persons list options', () => {
  it('asks for firstname then lastname, 10 per page, by default (spec 01 §9)', () => {
    expect(toPersonListQuery(defaultOptions, true)).toMatchObject({
      SortBy: ['firstname', 'lastname'],
      SortDesc: [false, false],
      Page: 0,
      PerPage: 10,
      Name: undefined,
      Clubs: [],
    });
  });

  it('sends the search and filters as the API names them, lists as repeated keys', () => {
    const options = {
      ...withFilters({ clubs: ['c1', 'c2'], personClubTypes: [F.currentMember], zip: ' 8000 ', states: [90] }),
      search: 'Anna Muster',
    };
    expect(toPersonListQuery(options, true)).toMatchObject({
      Name: 'Anna Muster',
      Clubs: ['c1', 'c2'],
      PersonClubTypes: [F.currentMember],
      Zip: '8000',
      States: [90],
      City: undefined,
    });
  });

  it('names the parameters as the domain does', () => {
    // @ts-expect-error -- a misspelt parameter does not compile (the server would drop it)
    const misspelt: PersonListQueryInput = { PersonClubType: [F.currentMember] };
    expect(misspelt).toBeDefined();
  });

  it('keeps only the limited person filters for non-admins, without state and courier', () => {
    const options = withFilters({
      personClubTypes: [F.currentMember, F.currentPresident, F.isCompanyMember],
      states: [90],
      courier: [10],
    });
    const query = toPersonListQuery(options, false);
    expect(query.PersonClubTypes).toEqual([F.currentMember, F.isCompanyMember]);
    expect(query.States).toEqual([]);
    expect(query.BpwCourier).toEqual([]);
  });

  it('tells whether anything is searched for', () => {
    expect(hasSearch(defaultOptions)).toBe(false);
    expect(hasSearch({ ...defaultOptions, search: '  ' })).toBe(false);
    expect(hasSearch({ ...defaultOptions, search: 'x' })).toBe(true);
    expect(hasSearch(withFilters({ competences: [10] }))).toBe(true);
    expect(hasSearch(withFilters({ city: 'Bern' }))).toBe(true);
  });

  it('trusts only stored options of the current shape', () => {
    expect(isPersonListOptions(defaultOptions)).toBe(true);
    expect(isPersonListOptions(withFilters({ personClubTypes: [F.isCoach], states: [90], courier: [10] }))).toBe(true);
    expect(isPersonListOptions({ ...defaultOptions, filters: { ...emptyFilters, personClubTypes: [7] } })).toBe(false);
    expect(isPersonListOptions({ ...defaultOptions, pageSize: 7 })).toBe(false);
    expect(isPersonListOptions({ ...defaultOptions, sorting: [{ id: 'password', desc: false }] })).toBe(false);
    expect(isPersonListOptions({ search: 'x' })).toBe(false);
    expect(isPersonListOptions(null)).toBe(false);
  });
});

describe('tile pager', () => {
  it('shows up to 10 pages around the current one', () => {
    expect(pagerWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pagerWindow(0, 30)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pagerWindow(12, 30)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(pagerWindow(29, 30)).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
  });
});
