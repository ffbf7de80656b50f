import { EntityState } from '@bpw/domain/enums/entity-state';
import type { PersonListQuery } from '@bpw/domain/schemas/person';
import { SEARCH_PREFIX_MAX, SEARCH_PREFIX_MIN, searchIndexPrefix, searchTerms } from '@bpw/domain/search-words';
import { type SQL, and, arrayOverlaps, eq, ilike, inArray, sql } from 'drizzle-orm';
import { addresses } from '../../db/schema/addresses';
import { personSearchPrefixes } from '../../db/schema/person-search';
import { persons } from '../../db/schema/persons';
import { clubsAndPersonFilters, mentoringExists } from './person-club-filters';

/**
 * The WHERE of GET person (spec 01 §7; the filter meanings are in docs/decisions/persons.md). Every
 * list parameter means "any of", different parameters combine with "and". Relation filters
 * ("current", "former") look only at the chosen Clubs when Clubs is given.
 */
export type PersonFilters = Omit<PersonListQuery, 'SortBy' | 'SortDesc' | 'Page' | 'PerPage'>;
export type FilterContext = { today: string; isAdmin: boolean };

/** ILIKE '%text%' with the wildcards of the text taken literally (backslash is ILIKE's escape). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Some address of the person matches (each address filter on its own). */
const addressExists = (condition: SQL | undefined) =>
  sql`exists (select 1 from ${addresses} where ${and(eq(addresses.personId, persons.id), condition)})`;

export function personListWhere(q: PersonFilters, context: FilterContext): SQL | undefined {
  const text = (value: string | null | undefined, build: (pattern: string) => SQL | undefined) =>
    value ? build(containsPattern(value)) : undefined;
  // Who sees whom (docs/decisions/persons.md): archived persons only admins.
  const states = context.isAdmin ? q.States : [EntityState.Active];
  return and(
    states.length > 0 ? inArray(persons.state, [...states]) : undefined,
    q.Name ? nameCondition(q.Name) : undefined,
    clubsAndPersonFilters(q, context.today),
    text(q.Firstname, (p) => ilike(persons.firstname, p)),
    text(q.Lastname, (p) => ilike(persons.lastname, p)),
    text(q.Company, (p) => addressExists(ilike(addresses.company, p))),
    text(q.CompanySector, (p) => addressExists(ilike(addresses.companySector, p))),
    text(q.Street, (p) => addressExists(ilike(addresses.street, p))),
    text(q.Zip, (p) => addressExists(ilike(addresses.zip, p))),
    text(q.City, (p) => addressExists(ilike(addresses.city, p))),
    q.Competences.length > 0 ? addressExists(arrayOverlaps(addresses.competences, [...q.Competences])) : undefined,
    q.PersonMentoringTypes.length > 0 ? mentoringExists(q.PersonMentoringTypes) : undefined,
    q.BpwCourier.length > 0 ? inArray(persons.bpwCourier, [...q.BpwCourier]) : undefined,
  );
}

/**
 * Every typed word begins a word of the person's names, e-mail values or companies (issue 20,
 * docs/decisions/person-search.md). A term of 3 to 5 letters is found in the search index; a
 * longer one by its first 5 letters there and then checked against her folded words, as is a
 * shorter one (which matches so many that a page is found at once). The terms hold no wildcard:
 * `%` and `_` separate words.
 *
 * Read from the persons, a term is "her id is in the prefix's range" (the planner chooses how).
 * Read from the search index's range of `drivingPrefix`, that prefix needs no check and any other
 * is one lookup of her whole key per row: as a join it would read both ranges whole.
 */
function nameCondition(text: string, drivingPrefix?: string): SQL | undefined {
  return and(
    ...searchTerms(text).map((term) => {
      const length = [...term].length;
      const words = sql`search_words(${persons.searchText}) like ${`% ${term}%`}`;
      if (length < SEARCH_PREFIX_MIN) return words;
      const prefix = [...term].slice(0, SEARCH_PREFIX_MAX).join('');
      const indexed =
        drivingPrefix === undefined ? inPrefixRange(prefix) : prefix === drivingPrefix ? undefined : hasKey(prefix);
      return length > SEARCH_PREFIX_MAX ? and(indexed, words) : indexed;
    }),
  );
}

const inPrefixRange = (prefix: string) =>
  sql`${persons.id} in (select ${personSearchPrefixes.personId} from ${personSearchPrefixes} where ${personSearchPrefixes.prefix} = ${prefix})`;

/** A scalar subquery, so that it stays a lookup per row (aliased: the search reads that table too). */
const hasKey = (prefix: string) =>
  sql`(select 1 from ${personSearchPrefixes} as w where w.prefix = ${prefix}
    and w.firstname_missing = (${persons.firstname} is null) and w.firstname = coalesce(${persons.firstname}, '')
    and w.lastname = ${persons.lastname} and w.person_id = ${persons.id}) is not null`;

/**
 * How a Name search reads the search index (person_search_prefixes): by the prefix of its
 * longest term, with the WHERE for reading from that prefix's range, and whether the prefix
 * alone decides who matches (one term of at most 5 letters and no other filter), so its total
 * is counted in the index alone.
 */
export type PersonSearchIndex = { prefix: string; where: SQL | undefined; decidesAlone: boolean };

export function personSearchIndex(q: PersonFilters, context: FilterContext): PersonSearchIndex | undefined {
  const prefix = searchIndexPrefix(q.Name ? searchTerms(q.Name) : []);
  if (prefix === undefined) return undefined;
  const where = and(personListWhere({ ...q, Name: null }, context), nameCondition(q.Name!, prefix));
  return { prefix, where, decidesAlone: where === undefined };
}
