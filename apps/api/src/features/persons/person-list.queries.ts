import type { PersonListItem } from '@bpw/domain/schemas/person';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type CappedTotal, countCapped } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones } from '../../db/schema/addresses';
import { clubs } from '../../db/schema/clubs';
import { personAddressPrefixes, personSearchPrefixes } from '../../db/schema/person-search';
import { persons } from '../../db/schema/persons';
import { actorColumn } from '../../platform/auth/actor-check';
import type { PrefixRange } from './person-filters';
import type { SortPlan } from './person-list-sort';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Where a list reads its persons: the persons table, or in the default order the range of one
 * prefix in a prefix index (the Name search's or an address filter's; docs/decisions/
 * person-search.md, address-filters.md), joined to persons.
 */
export type ListSource = { range?: PrefixRange };

/** The prefix index a range is in, and the condition that is its range. */
function rangeOf(range: PrefixRange) {
  if (range.index === 'search') {
    return { table: personSearchPrefixes, condition: eq(personSearchPrefixes.prefix, range.prefix) };
  }
  const a = personAddressPrefixes;
  return { table: a, condition: and(eq(a.kind, range.kind), eq(a.prefix, range.prefix))! };
}

/** The FROM and WHERE of a count or an EXPLAIN; the persons only where a filter needs them. */
function sourceSql(source: ListSource, where: SQL | undefined, options: { personsNeeded: boolean }): SQL {
  if (source.range === undefined) return sql`${persons} where ${where ?? sql`true`}`;
  const { table, condition } = rangeOf(source.range);
  if (!options.personsNeeded) return sql`${table} where ${condition}`;
  return sql`${table} join ${persons} on ${persons.id} = ${table.personId} where ${condition} and ${where ?? sql`true`}`;
}

/**
 * The statements of GET person, uncached (person-list-reader.ts keeps what they answer). The
 * primary club, e-mail and phone are read by the person's primary ids (the sort uses the
 * person's own copies, person-list-sort.ts): one statement for the page, whatever PerPage is.
 */
export function personPageQuery(
  db: DbOrTx,
  params: { where: SQL | undefined; plan: SortPlan; perPage: number; offset: number; source: ListSource },
) {
  const fields = {
    id: persons.id,
    firstname: persons.firstname,
    lastname: persons.lastname,
    avatarId: persons.avatarId,
    state: persons.state,
    languageCode: persons.languageCode,
    clubId: persons.primaryClubId,
    clubName: sql<string | null>`(select ${clubs.name} from ${clubs} where ${clubs.id} = ${persons.primaryClubId})`,
    email: sql<
      string | null
    >`(select ${addressEmails.value} from ${addressEmails} where ${addressEmails.id} = ${persons.primaryEmailId})`,
    phone: sql<
      string | null
    >`(select ${addressPhones.value} from ${addressPhones} where ${addressPhones.id} = ${persons.primaryPhoneId})`,
    // The signed-in person's facts now, in the page's snapshot (actor-check.ts): null without a check.
    actorNow: actorColumn(),
  };
  const { range } = params.source;
  if (range === undefined) return paged(db.select(fields).from(persons).where(params.where).$dynamic(), params);
  const { table, condition } = rangeOf(range);
  return paged(
    db
      .select(fields)
      .from(table)
      .innerJoin(persons, eq(persons.id, table.personId))
      .where(and(condition, params.where))
      .$dynamic(),
    params,
  );
}

/** In the plan's order; PerPage 0 means all (DESIGN "API contract"). */
function paged<T extends PgSelect>(query: T, params: { plan: SortPlan; perPage: number; offset: number }) {
  const ordered = query.orderBy(...params.plan.orderBy);
  return params.perPage > 0 ? ordered.limit(params.perPage).offset(params.offset) : ordered;
}

type PersonPageRow = Awaited<ReturnType<typeof personPageQuery>>[number];

export const toPersonListItem = (r: PersonPageRow): PersonListItem => ({
  id: r.id,
  firstname: r.firstname,
  lastname: r.lastname,
  avatarId: r.avatarId,
  primaryClub: r.clubId !== null && r.clubName !== null ? { id: r.clubId, name: r.clubName } : null,
  primaryEmail: r.email !== null ? { value: r.email } : null,
  primaryPhone: r.phone !== null ? { value: r.phone } : null,
  state: r.state,
  languageCode: r.languageCode,
});

/**
 * The key values of every `step`-th row of the first `count` rows matching `where`, in one
 * walk: the same order as the page statement, numbered by a window that streams.
 */
export async function walkAnchors(
  db: DbOrTx,
  params: {
    plan: SortPlan & { keys: SQL[] };
    where: SQL | undefined;
    source: ListSource;
    count: number;
    step: number;
  },
): Promise<unknown[][]> {
  const { plan } = params;
  const numbered = sql`select json_build_array(${sql.join(plan.keys, sql`, `)}) as keys,
    row_number() over (order by ${sql.join(plan.orderBy, sql`, `)}) as n
    from ${sourceSql(params.source, params.where, { personsNeeded: true })}
    order by ${sql.join(plan.orderBy, sql`, `)} limit ${params.count}`;
  const rows = rowsOf(
    await db.execute(sql`select keys from (${numbered}) as numbered where n % ${params.step} = 0 order by n`),
  );
  return rows.map((r) => (typeof r.keys === 'string' ? JSON.parse(r.keys) : r.keys) as unknown[]);
}

/** The total of a list of persons (GET person, the dashboard's birthdays), capped (db/capped-count.ts). */
export async function countPersonsCapped(
  db: DbOrTx,
  params: { where: SQL | undefined; source?: ListSource; personsNeeded?: boolean },
): Promise<CappedTotal> {
  return countCapped(db, sourceSql(params.source ?? {}, params.where, { personsNeeded: params.personsNeeded ?? true }));
}
