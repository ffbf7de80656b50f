import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs, type JobState } from '../../db/schema/jobs';

/** A job as the runner and the job API see it (docs/decisions/jobs.md). */
export type JobRow = {
  id: string;
  kind: string;
  ownerPersonId: string | null;
  state: JobState;
  params: unknown;
  progressDone: number;
  progressTotal: number | null;
  cursor: unknown;
  result: unknown;
  error: string | null;
  attempts: number;
  leaseToken: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/** Writes a job in the caller's transaction: it exists exactly when the change that asks for it does. */
export async function enqueueJob(
  tx: DbOrTx,
  params: { kind: string; ownerPersonId: string; params?: unknown; total?: number | null },
): Promise<string> {
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: params.kind,
      ownerPersonId: params.ownerPersonId,
      params: params.params ?? {},
      progressTotal: params.total ?? null,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

type RawJob = {
  id: string;
  kind: string;
  owner_person_id: string | null;
  state: JobState;
  params: unknown;
  progress_done: number;
  progress_total: number | null;
  cursor: unknown;
  result: unknown;
  error: string | null;
  attempts: number;
  lease_token: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
};

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));
// A driver may hand jsonb back as text.
const asJson = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

function toJobRow(raw: RawJob): JobRow {
  return {
    id: raw.id,
    kind: raw.kind,
    ownerPersonId: raw.owner_person_id,
    state: raw.state,
    params: asJson(raw.params),
    progressDone: raw.progress_done,
    progressTotal: raw.progress_total,
    cursor: asJson(raw.cursor),
    result: asJson(raw.result),
    error: raw.error,
    attempts: raw.attempts,
    leaseToken: raw.lease_token,
    createdAt: asDate(raw.created_at)!,
    startedAt: asDate(raw.started_at),
    finishedAt: asDate(raw.finished_at),
  };
}

const rowsOf = (result: unknown) => (result as { rows: RawJob[] }).rows;

/**
 * Claims the oldest queued job of the given kinds, or a running one whose lease ended (its
 * worker died): a fresh lease token, so the old worker can no longer move it on. SKIP LOCKED
 * lets several instances claim at once without waiting for each other.
 */
export async function claimJob(db: DbOrTx, params: { kinds: string[]; leaseSeconds: number }): Promise<JobRow | null> {
  if (params.kinds.length === 0) return null;
  const kinds = sql.join(
    params.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE jobs SET state = 'running', lease_token = gen_random_uuid(),
      lease_until = now() + make_interval(secs => ${params.leaseSeconds}),
      attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE state IN ('queued', 'running') AND (state = 'queued' OR lease_until < now()) AND kind IN (${kinds})
      ORDER BY created_at LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  const [raw] = rowsOf(result);
  return raw ? toJobRow(raw) : null;
}

/** Moves the cursor and progress and renews the lease; false when the lease is no longer ours. */
export async function advanceJob(
  tx: DbOrTx,
  params: { id: string; leaseToken: string; leaseSeconds: number; cursor: unknown; done: number; total?: number },
): Promise<boolean> {
  const total = params.total === undefined ? sql`progress_total` : sql`${params.total}`;
  const result = await tx.execute(sql`
    UPDATE jobs SET cursor = ${JSON.stringify(params.cursor)}::jsonb, progress_done = ${params.done},
      progress_total = ${total}, lease_until = now() + make_interval(secs => ${params.leaseSeconds}), updated_at = now()
    WHERE id = ${params.id} AND lease_token = ${params.leaseToken} AND state = 'running'
    RETURNING id`);
  return rowsOf(result).length === 1;
}

/** Renews the lease during a long unit of work; false when it is no longer ours. */
export async function renewLease(db: DbOrTx, params: { id: string; leaseToken: string; leaseSeconds: number }) {
  const result = await db.execute(sql`
    UPDATE jobs SET lease_until = now() + make_interval(secs => ${params.leaseSeconds})
    WHERE id = ${params.id} AND lease_token = ${params.leaseToken} AND state = 'running'
    RETURNING id`);
  return rowsOf(result).length === 1;
}

/** Ends a run: done with its result, failed, or queued again (interrupted, to be resumed). */
export async function finishJob(
  db: DbOrTx,
  params: { id: string; leaseToken: string } & (
    | { state: 'done'; result: unknown }
    | { state: 'failed'; error: string }
    | { state: 'queued'; isInterruption: boolean }
  ),
): Promise<void> {
  const set =
    params.state === 'done'
      ? sql`state = 'done', result = ${JSON.stringify(params.result ?? null)}::jsonb, finished_at = now()`
      : params.state === 'failed'
        ? sql`state = 'failed', error = ${params.error}, finished_at = now()`
        : // An interruption (shutdown) is no failed attempt.
          sql`state = 'queued', attempts = attempts - ${params.isInterruption ? 1 : 0}`;
  await db.execute(sql`
    UPDATE jobs SET ${set}, lease_token = NULL, lease_until = NULL, updated_at = now()
    WHERE id = ${params.id} AND lease_token = ${params.leaseToken} AND state = 'running'`);
}

/** Cancels a job that has not ended; the running unit finishes, the next one stops. */
export async function cancelJob(db: DbOrTx, params: { id: string }): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE jobs SET state = 'cancelled', lease_token = NULL, lease_until = NULL, finished_at = now(), updated_at = now()
    WHERE id = ${params.id} AND state IN ('queued', 'running')
    RETURNING id`);
  return rowsOf(result).length === 1;
}

export async function findJob(db: DbOrTx, params: { id: string }): Promise<JobRow | null> {
  const result = await db.execute(sql`SELECT * FROM jobs WHERE id = ${params.id}`);
  const [raw] = rowsOf(result);
  return raw ? toJobRow(raw) : null;
}
