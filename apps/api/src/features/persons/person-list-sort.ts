import type { PersonSortKey } from '@bpw/domain/schemas/person';
import { type SQL, type SQLWrapper, eq, sql } from 'drizzle-orm';
import { type PgSelect, alias } from 'drizzle-orm/pg-core';
import { addressEmails, addressPhones } from '../../db/schema/addresses';
import { clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

/**
 * The ORDER BY of GET person as null-free expressions: "empty values last" is a flag
 * `(x is null)` before `coalesce(x, '')`, and the person id is the final key. The order is the
 * same as `x nulls last, id`, but every key is a plain value, so one row comparison
 * `(k1, k2, ..., id) > (v1, v2, ..., id0)` means "after this row". The name sorts have indexes
 * of exactly these expressions (migration 0003), so pages are index ranges, and the deep-page
 * anchors (person-list-anchors.ts) start an index scan in the middle.
 */
export const primaryClub = alias(clubs, 'primary_club');
export const primaryEmail = alias(addressEmails, 'primary_email');
export const primaryPhone = alias(addressPhones, 'primary_phone');

export type PersonSort = { key: PersonSortKey; isDescending: boolean }[];

const nullable = (column: SQLWrapper) => [sql`(${column} is null)`, sql`coalesce(${column}, '')`];
const keyExpressions: Record<PersonSortKey, SQL[]> = {
  firstname: nullable(persons.firstname),
  lastname: [sql`${persons.lastname}`],
  primaryClub: nullable(primaryClub.name),
  primaryEmail: nullable(primaryEmail.value),
  primaryPhone: nullable(primaryPhone.value),
  state: [sql`${persons.state}`],
};

export type SortPlan = {
  /** The ORDER BY terms. */
  orderBy: SQL[];
  /** Whether a key comes from the primary club, e-mail or phone (the query then joins them). */
  needsJoins: boolean;
  /** The key expressions (id last), for anchors; undefined when the directions are mixed. */
  keys: SQL[] | undefined;
};

export function sortPlan(sort: PersonSort): SortPlan {
  const chosen: PersonSort =
    sort.length > 0
      ? sort
      : [
          { key: 'firstname', isDescending: false },
          { key: 'lastname', isDescending: false },
        ];
  const seen = new Set<string>();
  const orderBy: SQL[] = [];
  const keys: SQL[] = [];
  let isUniform = true;
  for (const { key, isDescending } of chosen) {
    if (seen.has(key)) continue;
    seen.add(key);
    const [first, second] = keyExpressions[key];
    if (second) {
      // The flag keeps empty values last in both directions; only the value turns around.
      orderBy.push(sql`${first} asc`, isDescending ? sql`${second} desc` : sql`${second} asc`);
      if (isDescending) isUniform = false;
      keys.push(first!, second);
    } else {
      orderBy.push(isDescending ? sql`${first} desc` : sql`${first} asc`);
      if (isDescending) isUniform = false;
      keys.push(first!);
    }
  }
  orderBy.push(sql`${persons.id} asc`);
  keys.push(sql`${persons.id}`);
  const needsJoins = [...seen].some((key) => key === 'primaryClub' || key === 'primaryEmail' || key === 'primaryPhone');
  return { orderBy, needsJoins, keys: isUniform ? keys : undefined };
}

/**
 * The primary club, e-mail and phone joined, for sorting by them. Without such a sort the page
 * reads them with scalar subqueries instead: for the ten rows of a page that costs less than
 * the joins, and the planner has one table to plan instead of four (3.7 ms down to 0.4 ms).
 */
export function withSortJoins<Q extends PgSelect>(query: Q, plan: SortPlan): Q {
  if (!plan.needsJoins) return query;
  // The joined columns are only sorted by, never selected, so the row type stays the query's.
  return query
    .leftJoin(primaryClub, eq(primaryClub.id, persons.primaryClubId))
    .leftJoin(primaryEmail, eq(primaryEmail.id, persons.primaryEmailId))
    .leftJoin(primaryPhone, eq(primaryPhone.id, persons.primaryPhoneId)) as unknown as Q;
}

/** `(k1, ..., id) > (v1, ..., id0)`: the rows after the anchor in an ascending sort. */
export function afterRow(keys: SQL[], values: unknown[]): SQL {
  return sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}
