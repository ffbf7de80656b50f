import { Cron } from 'croner';
import type { Database } from '../../db/client';
import { PRODUCT_TIME_ZONE } from '../auth/today';
import { withJobLock } from './job-lock';

/** What a run did, as counts only (it is logged: no personal data). */
export type JobReport = Record<string, number>;

export type ScheduledJob = {
  /** Unique; also the job name of its claims in scheduler_runs and of its advisory lock. */
  name: string;
  /** A croner pattern in Swiss time, e.g. `* * * * *` (every minute). */
  schedule: string;
  /**
   * One run as of `now`. Must be safe to repeat: claims make each unit of work happen once. A
   * long run checks `signal` between units and ends early when the scheduler stops.
   */
  run: (context: { now: Date; signal: AbortSignal }) => Promise<JobReport>;
};

export type JobOutcome = { ran: true; report: JobReport } | { ran: false };

type Log = {
  info: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type Scheduler = {
  readonly jobNames: readonly string[];
  /** Starts the timers (main.ts). Tests do not start them; they call runJob. */
  start: () => void;
  /** Stops the timers and waits for runs in progress. */
  stop: () => Promise<void>;
  /**
   * Runs one job now, once, unless it is running already here or in another instance. `now`
   * replaces the clock for this run (tests).
   */
  runJob: (name: string, options?: { now?: Date }) => Promise<JobOutcome>;
};

/**
 * The scheduler (DESIGN "scheduler: croner + a database lock"): every instance runs the timers;
 * a run takes the job's advisory lock, and each unit of work claims its key in scheduler_runs in
 * the transaction that does it, so reminders go out once however many instances run.
 */
export function createScheduler(options: {
  database: Pick<Database, 'db' | 'pool'>;
  jobs: readonly ScheduledJob[];
  now: () => Date;
  log: Log;
}): Scheduler {
  const jobs = new Map(options.jobs.map((job) => [job.name, job]));
  if (jobs.size !== options.jobs.length) throw new Error('scheduled job names must be unique');
  const inFlight = new Set<Promise<unknown>>();
  let timers: Cron[] = [];
  let isStopped = false;
  const stopping = new AbortController();

  async function runJob(name: string, runOptions: { now?: Date } = {}): Promise<JobOutcome> {
    const job = jobs.get(name);
    if (!job) throw new Error(`unknown scheduled job ${name}`);
    if (isStopped) return { ran: false };
    const now = runOptions.now ?? options.now();
    const run = withJobLock(options.database, name, () => job.run({ now, signal: stopping.signal }));
    inFlight.add(run);
    try {
      const outcome = await run;
      return outcome.ran ? { ran: true, report: outcome.result } : { ran: false };
    } finally {
      inFlight.delete(run);
    }
  }

  async function runFromTimer(name: string) {
    try {
      const outcome = await runJob(name);
      if (outcome.ran && Object.values(outcome.report).some((n) => n > 0)) {
        options.log.info({ job: name, ...outcome.report }, 'scheduled job ran');
      }
    } catch (err) {
      // A failed run is retried by the next tick; its claims rolled back with it.
      options.log.error({ err, job: name }, 'scheduled job failed');
    }
  }

  return {
    jobNames: [...jobs.keys()],
    start: () => {
      if (isStopped || timers.length) return;
      timers = [...jobs.values()].map(
        (job) => new Cron(job.schedule, { protect: true, timezone: PRODUCT_TIME_ZONE }, () => runFromTimer(job.name)),
      );
    },
    stop: async () => {
      isStopped = true;
      stopping.abort();
      for (const timer of timers) timer.stop();
      timers = [];
      await Promise.allSettled([...inFlight]);
    },
    runJob,
  };
}
