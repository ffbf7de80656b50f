import type { Db, Tx } from '../../db/client';
import { advanceJob, claimJob, finishJob, type JobRow, renewLease } from './job-queue';

/** Thrown by `step` when the job was cancelled or another worker took it over: stop, change nothing. */
export class JobStopped extends Error {
  constructor(readonly reason: 'cancelled-or-lost' | 'interrupted') {
    super(`job stopped: ${reason}`);
    this.name = 'JobStopped';
  }
}

export type JobContext = {
  job: JobRow;
  /** Aborted when the runner stops (shutdown): end between units; the job is resumed later. */
  signal: AbortSignal;
  /**
   * One unit of work and the cursor that moves past it, in one transaction: either both are
   * stored or neither, so a resumed job never does a unit twice.
   */
  step: <T>(work: (tx: Tx) => Promise<{ value: T; cursor: unknown; done: number; total?: number }>) => Promise<T>;
};

export type JobHandler = {
  kind: string;
  /** Does the job from `job.cursor` on; answers its result (JSON, no personal data). */
  run: (context: JobContext) => Promise<unknown>;
};

export type JobRunner = {
  /** Starts polling for queued jobs (main.ts). */
  start: () => void;
  /** Looks for work now (after a commit that queued a job). */
  kick: () => void;
  /** Runs queued jobs until none is left; joins a run in progress. Tests await it. */
  runOnce: () => Promise<number>;
  /** Stops polling, interrupts the running job (it is queued again) and waits for it. */
  stop: () => Promise<void>;
};

type Log = { error: (object: object, message: string) => void };

const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 3;

/**
 * The job runner (docs/decisions/jobs.md): one job at a time per instance, claimed with a lease
 * (FOR UPDATE SKIP LOCKED), so several instances share the queue. A worker that dies leaves its
 * lease to run out; the next claim resumes the job at its cursor.
 */
export function createJobRunner(options: {
  db: Db;
  handlers: readonly JobHandler[];
  log: Log;
  intervalMs?: number;
  leaseSeconds?: number;
}): JobRunner {
  const handlers = new Map(options.handlers.map((h) => [h.kind, h]));
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const stopping = new AbortController();

  async function runJob(job: JobRow, handler: JobHandler): Promise<void> {
    const leaseToken = job.leaseToken!;
    // Long units (reading a large file) keep the lease alive.
    const heartbeat = setInterval(
      () => void renewLease(options.db, { id: job.id, leaseToken, leaseSeconds }).catch(() => undefined),
      (leaseSeconds * 1000) / 3,
    );
    heartbeat.unref();
    const step: JobContext['step'] = async (work) => {
      if (stopping.signal.aborted) throw new JobStopped('interrupted');
      return options.db.transaction(async (tx) => {
        const out = await work(tx);
        const isOurs = await advanceJob(tx, {
          id: job.id,
          leaseToken,
          leaseSeconds,
          cursor: out.cursor,
          done: out.done,
          ...(out.total === undefined ? {} : { total: out.total }),
        });
        // Rolls the unit back: cancelled, or another worker resumed the job meanwhile.
        if (!isOurs) throw new JobStopped('cancelled-or-lost');
        return out.value;
      });
    };
    try {
      const result = await handler.run({ job, signal: stopping.signal, step });
      await finishJob(options.db, { id: job.id, leaseToken, state: 'done', result });
    } catch (error) {
      if (error instanceof JobStopped) {
        if (error.reason === 'interrupted')
          await finishJob(options.db, { id: job.id, leaseToken, state: 'queued', isInterruption: true });
        return;
      }
      // Only the error's name: messages can quote the data.
      options.log.error({ job: job.kind, jobId: job.id, error: (error as Error).name }, 'job failed');
      await finishJob(
        options.db,
        job.attempts >= MAX_ATTEMPTS
          ? { id: job.id, leaseToken, state: 'failed', error: (error as Error).name || 'Error' }
          : { id: job.id, leaseToken, state: 'queued', isInterruption: false },
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function drain(): Promise<number> {
    let count = 0;
    while (!isStopped) {
      const job = await claimJob(options.db, { kinds: [...handlers.keys()], leaseSeconds });
      if (!job) break;
      await runJob(job, handlers.get(job.kind)!);
      count++;
    }
    return count;
  }

  function runOnce(): Promise<number> {
    if (!running) {
      running = drain().finally(() => {
        running = null;
      });
    }
    return running;
  }

  const swallow = () => {
    runOnce().catch((err: unknown) => options.log.error({ err }, 'job runner'));
  };

  return {
    start: () => {
      if (isStopped || timer) return;
      timer = setInterval(swallow, options.intervalMs ?? 2000);
      timer.unref();
      swallow();
    },
    kick: () => {
      if (!isStopped) setImmediate(swallow);
    },
    runOnce,
    stop: async () => {
      isStopped = true;
      stopping.abort();
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
