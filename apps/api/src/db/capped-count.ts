import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Counting a million matches costs more than the page itself, so a list's count stops after
 * EXACT_TOTAL_LIMIT matches: up to that the total is exact; above it is the planner's estimate
 * (never below the limit), flagged `isTotalEstimated` so the web app says "about"
 * (docs/performance.md "Totals").
 */
export const EXACT_TOTAL_LIMIT = 10_000;

export type CappedTotal = { total: number; isTotalEstimated: boolean };

/** The total of `select 1 from <from>`, where `from` is a FROM clause with its WHERE. */
export async function countCapped(db: DbOrTx, from: SQL): Promise<CappedTotal> {
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
