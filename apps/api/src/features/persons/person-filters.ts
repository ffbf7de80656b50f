import { EntityState } from '@bpw/domain/enums/entity-state';
import type { PersonListQuery } from '@bpw/domain/schemas/person';
import {
  ADDRESS_PREFIX_MAX,
  SEARCH_PREFIX_MAX,
  SEARCH_PREFIX_MIN,
  searchIndexPrefix,
  searchTerms,
} from '@bpw/domain/search-words';
import { type SQL, and, arrayOverlaps, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addresses } from '../../db/schema/addresses';
import {
  ADDRESS_PREFIX_KIND,
  type AddressPrefixKind,
  personAddressPrefixes,
  personSearchPrefixes,
} from '../../db/schema/person-search';
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

/**
 * A prefix index's range that leads a list in the default order: the Name search's
 * (person_search_prefixes) or one address filter's (person_address_prefixes of one kind).
 */
export type PrefixRange =
  { index: 'search'; prefix: string } | { index: 'address'; kind: AddressPrefixKind; prefix: string };

/** The address filters by word beginnings, each with its field and its kind in the index. */
const addressFilters = [
  { name: 'City', column: addresses.city, kind: ADDRESS_PREFIX_KIND.city },
  { name: 'Zip', column: addresses.zip, kind: ADDRESS_PREFIX_KIND.zip },
  { name: 'Company', column: addresses.company, kind: ADDRESS_PREFIX_KIND.company },
  { name: 'Street', column: addresses.street, kind: ADDRESS_PREFIX_KIND.street },
] as const;

export function personListWhere(q: PersonFilters, context: FilterContext, driving?: PrefixRange): SQL | undefined {
  const text = (value: string | null | undefined, build: (pattern: string) => SQL | undefined) =>
    value ? build(containsPattern(value)) : undefined;
  // Who sees whom (docs/decisions/persons.md): archived persons only admins.
  const states = context.isAdmin ? q.States : [EntityState.Active];
  return and(
    states.length > 0 ? inArray(persons.state, [...states]) : undefined,
    q.Name ? nameCondition(q.Name, driving) : undefined,
    clubsAndPersonFilters(q, context.today),
    text(q.Firstname, (p) => ilike(persons.firstname, p)),
    text(q.Lastname, (p) => ilike(persons.lastname, p)),
    ...addressFilters.map(({ name, column, kind }) => {
      const value = q[name];
      return value ? addressCondition(kind, column, value, driving) : undefined;
    }),
    text(q.CompanySector, (p) => addressExists(ilike(addresses.companySector, p))),
    q.Competences.length > 0 ? addressExists(arrayOverlaps(addresses.competences, [...q.Competences])) : undefined,
    q.PersonMentoringTypes.length > 0 ? mentoringExists(q.PersonMentoringTypes) : undefined,
    q.BpwCourier.length > 0 ? inArray(persons.bpwCourier, [...q.BpwCourier]) : undefined,
  );
}

/** A term of 3 to 5 letters is the index's prefix itself; a longer one is found by its first 5. */
const indexPrefix = (term: string) =>
  [...term].length < SEARCH_PREFIX_MIN ? undefined : [...term].slice(0, SEARCH_PREFIX_MAX).join('');

/**
 * Every typed word begins a word of the person's names, e-mail values or companies (issue 20,
 * docs/decisions/person-search.md). A term of 3 to 5 letters is found in the search index; a
 * longer one by its first 5 letters there and then checked against her folded words, as is a
 * shorter one (which matches so many that a page is found at once). The terms hold no wildcard:
 * `%` and `_` separate words.
 *
 * Read from the persons, a term is "her id is in the prefix's range" (the planner chooses how).
 * Read from a prefix index's range (`driving`), its own prefix needs no check and any other is
 * one lookup of her whole key per row: as a join it would read both ranges whole.
 */
function nameCondition(text: string, driving?: PrefixRange): SQL | undefined {
  return and(
    ...searchTerms(text).map((term) => {
      const words = sql`search_words(${persons.searchText}) like ${`% ${term}%`}`;
      const prefix = indexPrefix(term);
      if (prefix === undefined) return words;
      const indexed =
        driving === undefined
          ? inPrefixRange(prefix)
          : driving.index === 'search' && prefix === driving.prefix
            ? undefined
            : hasKey(prefix);
      return [...term].length > SEARCH_PREFIX_MAX ? and(indexed, words) : indexed;
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
 * City, Zip, Company, Street (issue 24, docs/decisions/address-filters.md): every typed word
 * begins a word of that field of one of her addresses, folded as the Name search folds. One term
 * of 3 to 8 letters is decided by the address index alone (person_address_prefixes: her prefixes
 * of that field over all her addresses); otherwise the longest term's prefix narrows and one
 * address whose field has every term decides (`like '% t%'` on its folded words), as for a
 * filter of only 1 or 2 letters. Read from the persons or from a range, as nameCondition.
 */
function addressCondition(kind: AddressPrefixKind, column: AnyPgColumn, text: string, driving?: PrefixRange) {
  const terms = searchTerms(text);
  if (terms.length === 0) return undefined; // punctuation only: no words, no filter (as the search)
  const prefix = searchIndexPrefix(terms, ADDRESS_PREFIX_MAX);
  const indexed =
    prefix === undefined
      ? undefined
      : driving === undefined
        ? inAddressRange(kind, prefix)
        : driving.index === 'address' && driving.kind === kind && driving.prefix === prefix
          ? undefined
          : hasAddressKey(kind, prefix);
  const decidesAlone = prefix !== undefined && terms.length === 1 && [...terms[0]!].length <= ADDRESS_PREFIX_MAX;
  return decidesAlone ? indexed : and(indexed, hasAddressWords(column, terms));
}

/**
 * One address of hers has every term at a word's beginning in `column`: a scalar subquery, so it
 * is checked on each row in the range's order (as an `exists` the planner took it for a strong
 * filter, joined the whole range and sorted it: 218 ms for page 1 of 2,872 matches).
 */
const hasAddressWords = (column: AnyPgColumn, terms: string[]) => {
  const words = sql`search_words(${column})`;
  const all = and(...terms.map((term) => sql`${words} like ${`% ${term}%`}`));
  return sql`(select 1 from ${addresses} where ${addresses.personId} = ${persons.id} and ${all} limit 1) is not null`;
};

const inAddressRange = (kind: AddressPrefixKind, prefix: string) => {
  const a = personAddressPrefixes;
  return sql`${persons.id} in (select ${a.personId} from ${a} where ${a.kind} = ${kind} and ${a.prefix} = ${prefix})`;
};

/** As hasKey, in the address index (aliased: a list may read that table's range too). */
const hasAddressKey = (kind: AddressPrefixKind, prefix: string) =>
  sql`(select 1 from ${personAddressPrefixes} as x where x.kind = ${kind} and x.prefix = ${prefix}
    and x.firstname_missing = (${persons.firstname} is null) and x.firstname = coalesce(${persons.firstname}, '')
    and x.lastname = ${persons.lastname} and x.person_id = ${persons.id}) is not null`;

/**
 * How a list in the default order reads a prefix index: the Name search's range by the prefix of
 * its longest term, else the range of the address filter term with the longest prefix; with the
 * WHERE for reading from that range, and whether the range alone decides who matches (nothing
 * else is asked), so its total is counted in the index alone.
 */
export type PersonPrefixIndex = { range: PrefixRange; where: SQL | undefined; decidesAlone: boolean };

export function personPrefixIndex(q: PersonFilters, context: FilterContext): PersonPrefixIndex | undefined {
  const range = drivingRange(q);
  if (range === undefined) return undefined;
  const where = personListWhere(q, context, range);
  return { range, where, decidesAlone: where === undefined };
}

function drivingRange(q: PersonFilters): PrefixRange | undefined {
  const searchPrefix = searchIndexPrefix(q.Name ? searchTerms(q.Name) : []);
  if (searchPrefix !== undefined) return { index: 'search', prefix: searchPrefix };
  let best: PrefixRange | undefined;
  for (const { name, kind } of addressFilters) {
    const prefix = searchIndexPrefix(searchTerms(q[name] ?? ''), ADDRESS_PREFIX_MAX);
    if (prefix !== undefined && (best === undefined || [...prefix].length > [...best.prefix].length)) {
      best = { index: 'address', kind, prefix };
    }
  }
  return best;
}
