import { FIRST_REGIONAL } from '../seed/clubs';
import { uuidFor } from '../seed/ids';

/**
 * The requests of the scenarios, as the web app sends them. The list is the members' list
 * (person filter "current member", PersonClubTypes=0, which looks at club relations) sorted by
 * name, 10 a page as the web app's default; "one club" is the same within the largest club.
 */
export type Query = Record<string, string | string[]>;
export type Queries = ReturnType<typeof benchQueries>;

export const DEEP_PAGE = 5000;
/** Issue 24: every sort of the person list at page 1 and at page 9,000 (rows 90,000 to 90,009). */
export const SORT_DEEP_PAGE = 9000;
/** An address filter's deep page: rows 10,001 to 10,010 (from anchors; Company=Finance has ~25,000 at a million). */
export const FILTER_DEEP_PAGE = 1000;
export const PERSON_SORT_KEYS = ['firstname', 'lastname', 'primaryClub', 'primaryEmail', 'primaryPhone', 'state'];

export function benchQueries() {
  const sorted = { SortBy: ['lastname', 'firstname'], SortDesc: ['false', 'false'], PerPage: '10' };
  return {
    list: { PersonClubTypes: '0', ...sorted, Page: '0' } as Query,
    deep: { PersonClubTypes: '0', ...sorted, Page: String(DEEP_PAGE) } as Query,
    oneClub: { Clubs: uuidFor('club', FIRST_REGIONAL), ...sorted, Page: '0' } as Query,
    // 3 to 5 letters, common and rare, names and places of all four languages.
    searchTerms: ['Mül', 'Kell', 'Favr', 'Ross', 'Suter', 'Gerb', 'Bianc', 'Clau', 'Pitt', 'Wyss', 'Lüth', 'Morel'],
    search: (term: string): Query => ({ Name: term, PerPage: '10', Page: '0' }),
    /** All persons (an administrator's list without filters) by one column, as the web sorts. */
    sort: (key: string, isDescending: boolean, page: number): Query => ({
      SortBy: key,
      SortDesc: String(isDescending),
      PerPage: '10',
      Page: String(page),
    }),
    /** The address filters (word beginnings), sorted by name as the web app's default; page 1 and deep. */
    filters: {
      city: { City: 'Bern', PerPage: '10', Page: '0' },
      zip: { Zip: '800', PerPage: '10', Page: '0' },
      company: { Company: 'Finance', PerPage: '10', Page: '0' },
      street: { Street: 'Bahnhof', PerPage: '10', Page: '0' },
    } as Record<string, Query>,
    /** 500 persons spread over the whole table. */
    detailIds: (personCount: number) =>
      Array.from({ length: 500 }, (_, k) => uuidFor('person', (k * 7919) % personCount)),
  };
}

export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params.toString();
}
