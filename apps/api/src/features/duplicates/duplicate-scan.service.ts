import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isLockTimeout } from '../../platform/db-errors';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { claimQueuedPersons, hasQueuedPersons, lockPersonsForScan, scanPersons } from './duplicate-scan.queries';

export const duplicateScanJobName = 'duplicate-scan';
/** Persons a batch recomputes in one transaction: a few hundred milliseconds at a million persons. */
export const SCAN_BATCH_SIZE = 500;
/** What the list request recomputes first, so a change just made shows (a bounded cost). */
export const LIST_SCAN_BATCH_SIZE = 100;

/**
 * How long a batch waits for a person's row. A writer holds her row (the contact and consent
 * writes lock it first) while its trigger queues her again, and that insert waits for this
 * batch's claim of her queue row; this batch's keys and pairs need a key-share lock on her row:
 * a deadlock on PostgreSQL that made the writer's request answer 500 (found by the crash test).
 * The scan never waits long for a writer: it gives up, its claim goes back to the queue, and the
 * next run scans her.
 */
const SCAN_LOCK_TIMEOUT = '200ms';

/**
 * Recomputes the keys and pairs of queued persons, a batch a transaction, until the queue is
 * empty, `maxBatches` are done, `signal` aborts or a batch meets a person being written.
 * Answers how many persons were scanned.
 */
export async function scanQueuedPersons(
  db: Db,
  options: { batchSize?: number; maxBatches?: number; isNewestFirst?: boolean; signal?: AbortSignal } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? SCAN_BATCH_SIZE;
  let scanned = 0;
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
    if (options.signal?.aborted) break;
    let count: number;
    try {
      count = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${SCAN_LOCK_TIMEOUT}'`));
        const ids = await claimQueuedPersons(tx, { limit: batchSize, isNewestFirst: options.isNewestFirst ?? false });
        await lockPersonsForScan(tx, { ids });
        await scanPersons(tx, { ids });
        return ids.length;
      });
    } catch (error) {
      if (isLockTimeout(error)) break;
      throw error;
    }
    scanned += count;
    if (count < batchSize) break;
  }
  return scanned;
}

/**
 * Before a list answers: the persons changed last (usually none: one cheap probe). The newest
 * first, so what was just changed shows even behind a bulk import's backlog, which the job scans.
 */
export async function scanRecentChanges(db: Db): Promise<void> {
  if (await hasQueuedPersons(db)) {
    await scanQueuedPersons(db, { batchSize: LIST_SCAN_BATCH_SIZE, maxBatches: 1, isNewestFirst: true });
  }
}

/** Every minute: the queue of changed persons (a bulk import's thousands in batches). */
export function createDuplicateScanJob(deps: { db: Db }): ScheduledJob {
  return {
    name: duplicateScanJobName,
    schedule: '* * * * *',
    run: async ({ signal }) => ({ scanned: await scanQueuedPersons(deps.db, { signal }) }),
  };
}
