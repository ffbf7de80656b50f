import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { membershipDevelopmentTotals } from '../../db/schema/dashboard';
import { countDevelopmentOnDays, type DayCounts } from './dashboard.queries';

/** The stored all-clubs figures of these days (those computed so far). */
export async function findStoredTotals(db: DbOrTx, params: { days: readonly string[] }): Promise<DayCounts[]> {
  if (params.days.length === 0) return [];
  return db
    .select({
      day: membershipDevelopmentTotals.day,
      interested: membershipDevelopmentTotals.interested,
      single: membershipDevelopmentTotals.single,
      young: membershipDevelopmentTotals.young,
    })
    .from(membershipDevelopmentTotals)
    .where(inArray(membershipDevelopmentTotals.day, [...params.days]));
}

/**
 * Counts the all-clubs figures of these days now and stores them (replacing older ones), one
 * day a statement (a day is about 2 s at a million persons). The jobs pass a longer statement
 * timeout for their own transactions than a request has.
 */
export async function refreshStoredTotals(
  db: DbOrTx,
  params: { days: readonly string[]; now: Date; statementTimeoutMs?: number },
): Promise<DayCounts[]> {
  const counted: DayCounts[] = [];
  for (const day of params.days) {
    counted.push(
      ...(await db.transaction(async (tx) => {
        if (params.statementTimeoutMs) {
          await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(params.statementTimeoutMs)}`));
        }
        const rows = await countDevelopmentOnDays(tx, { scope: { isAllClubs: true }, days: [day] });
        if (rows.length === 0) return rows;
        await tx
          .insert(membershipDevelopmentTotals)
          .values(rows.map((row) => ({ ...row, computedAt: params.now })))
          .onConflictDoUpdate({
            target: membershipDevelopmentTotals.day,
            set: {
              interested: sql`excluded.interested`,
              single: sql`excluded.single`,
              young: sql`excluded.young`,
              computedAt: sql`excluded.computed_at`,
            },
          });
        return rows;
      })),
    );
  }
  return counted;
}
