import type { PersonSortKey } from '@bpw/domain/schemas/person';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { personAddressPrefixes, personSearchPrefixes } from '../../db/schema/person-search';
import { persons } from '../../db/schema/persons';
import type { PrefixRange } from './person-filters';

/**
 * The ORDER BY of GET person as null-free expressions (docs/decisions/person-list-sorts.md):
 * the chosen keys, then first name and last name as far as not chosen (ties in the default
 * order), then the person id. Every term runs in one direction, the chosen key's, so one row
 * comparison `(k1, ..., id) > (v1, ..., id0)` (`<` descending) means "after this row".
 *
 * "Empty values last" in both directions: ascending a nullable key is `(x is null), coalesce(x,
 * '')`, descending `(x is not null) desc, coalesce(x, '') desc`. Each single-key sort has an
 * index of exactly its terms (migrations 0005 and 0015), read forwards ascending and backwards
 * descending, so a page is an index range and a deep page (person-list-reader.ts) starts in
 * the middle of one. The primary club's name, e-mail and phone are the person's own sort
 * columns, kept by triggers.
 */
export type PersonSort = { key: PersonSortKey; isDescending: boolean }[];

const isNull = (column: SQLWrapper) => sql`(${column} is null)`;
const isNotNull = (column: SQLWrapper) => sql`(${column} is not null)`;
const valueOf = (column: SQLWrapper) => sql`coalesce(${column}, '')`;

/** A chosen key's terms: for a nullable column the flag that keeps empty values last. */
function keyTerms(key: PersonSortKey, isDescending: boolean): SQL[] {
  const nullable = (column: SQLWrapper) => [isDescending ? isNotNull(column) : isNull(column), valueOf(column)];
  switch (key) {
    case 'firstname':
      return nullable(persons.firstname);
    case 'lastname':
      return [sql`${persons.lastname}`];
    case 'primaryClub':
      return nullable(persons.sortClub);
    case 'primaryEmail':
      return nullable(persons.sortEmail);
    case 'primaryPhone':
      return nullable(persons.sortPhone);
    case 'state':
      return [sql`${persons.state}`];
  }
}

/** The ties' terms: they turn with the sort as a whole (an index read backwards). */
const tieTerms: Partial<Record<PersonSortKey, SQL[]>> = {
  firstname: [isNull(persons.firstname), valueOf(persons.firstname)],
  lastname: [sql`${persons.lastname}`],
};

export type SortPlan = {
  /** The ORDER BY terms. */
  orderBy: SQL[];
  /** The key expressions (id last), for anchors; undefined when the directions are mixed. */
  keys: SQL[] | undefined;
  /** Whether the uniform direction is descending (anchors compare with `<`). */
  isDescending: boolean;
};

export const DEFAULT_PERSON_SORT: PersonSort = [
  { key: 'firstname', isDescending: false },
  { key: 'lastname', isDescending: false },
];

/** The sort as asked, each key once (the first mention counts). */
function chosenKeys(sort: PersonSort): PersonSort {
  const seen = new Set<PersonSortKey>();
  return (sort.length > 0 ? sort : DEFAULT_PERSON_SORT).filter(({ key }) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function sortPlan(sort: PersonSort): SortPlan {
  const chosen = chosenKeys(sort);
  const seen = new Set(chosen.map(({ key }) => key));
  const orderBy: SQL[] = [];
  const keys: SQL[] = [];
  const push = (terms: SQL[], isDescending: boolean) => {
    for (const term of terms) {
      orderBy.push(isDescending ? sql`${term} desc` : sql`${term} asc`);
      keys.push(term);
    }
  };
  for (const { key, isDescending } of chosen) push(keyTerms(key, isDescending), isDescending);
  const last = chosen.at(-1)!.isDescending;
  for (const key of ['firstname', 'lastname'] as const) if (!seen.has(key)) push(tieTerms[key]!, last);
  push([sql`${persons.id}`], last);
  const isUniform = chosen.every(({ isDescending }) => isDescending === last);
  return { orderBy, keys: isUniform ? keys : undefined, isDescending: last };
}

/**
 * The default order (first name, last name, id ascending: what the web app and the pickers ask
 * for) read from a prefix index (the search's or the address filters'), whose key holds the same
 * values after the prefix; undefined for any other sort, which reads the persons' own index and
 * checks the filter on each row.
 */
export function prefixIndexPlan(sort: PersonSort, range: PrefixRange): SortPlan | undefined {
  const chosen = chosenKeys(sort);
  const isDefault = chosen.every(({ key, isDescending }, i) => !isDescending && key === DEFAULT_PERSON_SORT[i]?.key);
  if (!isDefault) return undefined;
  const s = range.index === 'search' ? personSearchPrefixes : personAddressPrefixes;
  const keys = [s.firstnameMissing, s.firstname, s.lastname, s.personId].map((column) => sql`${column}`);
  return { orderBy: keys.map((key) => sql`${key} asc`), keys, isDescending: false };
}

/** `(k1, ..., id) > (v1, ..., id0)` (`<` descending): the rows after the anchor. */
export function afterRow(keys: SQL[], values: unknown[], isDescending: boolean): SQL {
  const row = (items: SQL[]) => sql`(${sql.join(items, sql`, `)})`;
  const anchor = row(values.map((v) => sql`${v}`));
  return isDescending ? sql`${row(keys)} < ${anchor}` : sql`${row(keys)} > ${anchor}`;
}
