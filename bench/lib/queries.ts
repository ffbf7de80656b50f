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

export function benchQueries() {
  const sorted = { SortBy: ['lastname', 'firstname'], SortDesc: ['false', 'false'], PerPage: '10' };
  return {
    list: { PersonClubTypes: '0', ...sorted, Page: '0' } as Query,
    deep: { PersonClubTypes: '0', ...sorted, Page: String(DEEP_PAGE) } as Query,
    oneClub: { Clubs: uuidFor('club', FIRST_REGIONAL), ...sorted, Page: '0' } as Query,
    // 3 to 5 letters, common and rare, names and places of all four languages.
    searchTerms: ['Mül', 'Kell', 'Favr', 'Ross', 'Suter', 'Gerb', 'Bianc', 'Clau', 'Pitt', 'Wyss', 'Lüth', 'Morel'],
    search: (term: string): Query => ({ Name: term, PerPage: '10', Page: '0' }),
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
