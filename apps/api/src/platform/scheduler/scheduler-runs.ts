import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { schedulerRuns } from '../../db/schema/scheduler';

/**
 * Claims runs of a job, each key at most once ever, in the caller's transaction: the work and
 * its claim commit or roll back together. A key another transaction is claiming right now waits
 * for that one and then counts as taken (the primary key), so two instances on one database
 * never both do the work. Answers the keys this call claimed.
 */
export async function claimRuns(tx: DbOrTx, params: { job: string; runKeys: readonly string[] }): Promise<Set<string>> {
  if (params.runKeys.length === 0) return new Set();
  const rows = await tx
    .insert(schedulerRuns)
    .values([...new Set(params.runKeys)].map((runKey) => ({ job: params.job, runKey })))
    .onConflictDoNothing()
    .returning({ runKey: schedulerRuns.runKey });
  return new Set(rows.map((r) => r.runKey));
}

export async function claimRun(tx: DbOrTx, params: { job: string; runKey: string }): Promise<boolean> {
  const claimed = await claimRuns(tx, { job: params.job, runKeys: [params.runKey] });
  return claimed.has(params.runKey);
}

/** The keys of `runKeys` that have run already (tests and diagnostics). */
export async function findClaimedRuns(db: DbOrTx, params: { job: string; runKeys: readonly string[] }) {
  if (params.runKeys.length === 0) return [];
  const rows = await db
    .select({ runKey: schedulerRuns.runKey })
    .from(schedulerRuns)
    .where(and(eq(schedulerRuns.job, params.job), inArray(schedulerRuns.runKey, [...params.runKeys])));
  return rows.map((r) => r.runKey);
}
