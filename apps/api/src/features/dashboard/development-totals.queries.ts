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

/** Counts the all-clubs figures of these days now and stores them (replacing older ones). */
export async function refreshStoredTotals(
  db: DbOrTx,
  params: { days: readonly string[]; now: Date },
): Promise<DayCounts[]> {
  const counted = await countDevelopmentOnDays(db, { scope: { isAllClubs: true }, days: params.days });
  if (counted.length === 0) return counted;
  await db
    .insert(membershipDevelopmentTotals)
    .values(counted.map((row) => ({ ...row, computedAt: params.now })))
    .onConflictDoUpdate({
      target: membershipDevelopmentTotals.day,
      set: {
        interested: sql`excluded.interested`,
        single: sql`excluded.single`,
        young: sql`excluded.young`,
        computedAt: sql`excluded.computed_at`,
      },
    });
  return counted;
}
