import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../db/client';
import { persons } from '../db/schema/persons';

/**
 * The total of a list of persons (GET person, the dashboard's birthdays). Counting a million
 * matches costs more than the page itself, so the count stops after EXACT_TOTAL_LIMIT matches:
 * up to that the total is exact; above it is the planner's estimate (never below the limit),
 * flagged `isTotalEstimated` so the web app says "about", and kept for a minute per filter
 * (docs/performance.md "Totals").
 */
export const EXACT_TOTAL_LIMIT = 10_000;
const ESTIMATE_TTL_MS = 60_000;

export type PersonTotal = { total: number; isTotalEstimated: boolean };

const estimates = new LRUCache<string, number>({ ttl: ESTIMATE_TTL_MS, max: 500 });

const dialect = new PgDialect();

/** The caches' key: the WHERE as the database sees it (text and parameters). */
export function whereKey(where: SQL | undefined): string {
  if (!where) return '';
  const { sql: text, params } = dialect.sqlToQuery(where);
  return `${text}\u0000${JSON.stringify(params)}`;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export async function countPersonsCapped(
  db: DbOrTx,
  params: { where: SQL | undefined; key: string },
): Promise<PersonTotal> {
  const cached = estimates.get(params.key);
  if (cached !== undefined) return { total: cached, isTotalEstimated: true };
  const where = params.where ?? sql`true`;
  const [row] = rowsOf(
    await db.execute(
      sql`select count(*)::int as total from (select 1 from ${persons} where ${where} limit ${EXACT_TOTAL_LIMIT + 1}) as matches`,
    ),
  );
  const counted = Number(row?.total ?? 0);
  if (counted <= EXACT_TOTAL_LIMIT) return { total: counted, isTotalEstimated: false };
  const [plan] = rowsOf(await db.execute(sql`explain (format json) select 1 from ${persons} where ${where}`));
  const estimate = Math.max(EXACT_TOTAL_LIMIT + 1, Math.round(planRows(plan)));
  estimates.set(params.key, estimate);
  return { total: estimate, isTotalEstimated: true };
}

/** "Plan Rows" of EXPLAIN (FORMAT JSON); drivers answer the json parsed or as text. */
function planRows(row: Record<string, unknown> | undefined): number {
  const value = row?.['QUERY PLAN'];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0]?.Plan['Plan Rows'] ?? 0;
}
