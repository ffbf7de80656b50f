import type { PersonListItem } from '@bpw/domain/schemas/person';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
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

/**
 * The total of a list of persons (GET person, the dashboard's birthdays). Counting a million
 * matches costs more than the page itself, so the count stops after EXACT_TOTAL_LIMIT matches:
 * up to that the total is exact; above it is the planner's estimate (never below the limit),
 * flagged `isTotalEstimated` so the web app says "about" (docs/performance.md "Totals").
 */
export const EXACT_TOTAL_LIMIT = 10_000;

export type PersonTotal = { total: number; isTotalEstimated: boolean };

export async function countPersonsCapped(
  db: DbOrTx,
  params: { where: SQL | undefined; source?: ListSource; personsNeeded?: boolean },
): Promise<PersonTotal> {
  const from = sourceSql(params.source ?? {}, params.where, { personsNeeded: params.personsNeeded ?? true });
  const [row] = rowsOf(
    await db.execute(
      sql`select count(*)::int as total from (select 1 from ${from} limit ${EXACT_TOTAL_LIMIT + 1}) as matches`,
    ),
  );
  const counted = Number(row?.total ?? 0);
  if (counted <= EXACT_TOTAL_LIMIT) return { total: counted, isTotalEstimated: false };
  const [plan] = rowsOf(await db.execute(sql`explain (format json) select 1 from ${from}`));
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, Math.round(planRows(plan))), isTotalEstimated: true };
}

/** "Plan Rows" of EXPLAIN (FORMAT JSON); drivers answer the json parsed or as text. */
function planRows(row: Record<string, unknown> | undefined): number {
  const value = row?.['QUERY PLAN'];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0]?.Plan['Plan Rows'] ?? 0;
}
