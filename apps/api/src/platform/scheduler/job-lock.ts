import type { Database } from '../../db/client';

// The first key of our two-key advisory locks: one namespace for every scheduled job.
const SCHEDULER_LOCK_SPACE = 727_002;

const runningInProcess = new WeakMap<object, Set<string>>();

/** A stable 32-bit key for a job name (the second key of the advisory lock). */
export function jobLockKey(job: string): number {
  let hash = 0;
  for (const ch of job) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Runs `work` unless the same job is already running: in this process, or (PostgreSQL) in any
 * instance on the database, through a session advisory lock held on a client of its own. The lock
 * only saves duplicate work; exactly-once comes from the claims in scheduler_runs. Answers
 * `{ ran: false }` when another run holds the job.
 */
export async function withJobLock<T>(
  database: Pick<Database, 'db' | 'pool'>,
  job: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  let running = runningInProcess.get(database.db);
  if (!running) runningInProcess.set(database.db, (running = new Set()));
  if (running.has(job)) return { ran: false };
  running.add(job);
  try {
    // PGlite is one process with one connection: the in-process guard is the whole story.
    if (!database.pool) return { ran: true, result: await work() };
    const client = await database.pool.connect();
    let isLocked = false;
    let releaseError: Error | undefined;
    try {
      const key = jobLockKey(job);
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        SCHEDULER_LOCK_SPACE,
        key,
      ]);
      isLocked = rows[0]?.locked === true;
      if (!isLocked) return { ran: false };
      return { ran: true, result: await work() };
    } finally {
      if (isLocked) {
        // A connection that cannot unlock is discarded: closing it ends the session and its lock.
        await client
          .query('SELECT pg_advisory_unlock($1, $2)', [SCHEDULER_LOCK_SPACE, jobLockKey(job)])
          .catch((error: Error) => (releaseError = error));
      }
      client.release(releaseError);
    }
  } finally {
    running.delete(job);
  }
}
