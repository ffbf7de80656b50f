import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { type ScheduledJob, createScheduler } from './scheduler';
import { claimRun, claimRuns, findClaimedRuns } from './scheduler-runs';
import { openTestDatabase } from '../../../test/test-database';

describe('the scheduler (croner, a job lock, claims in scheduler_runs)', () => {
  let database: Database;
  const logged: { level: string; object: object }[] = [];
  const log = {
    info: (object: object) => logged.push({ level: 'info', object }),
    error: (object: object) => logged.push({ level: 'error', object }),
  };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it('runs a job once with the given now, and not a second time while it runs', async () => {
    const release = gate();
    const seen: Date[] = [];
    const job: ScheduledJob = {
      name: 'probe',
      schedule: '0 0 1 1 *',
      run: async ({ now }) => {
        seen.push(now);
        await release.opened;
        return { done: 1 };
      },
    };
    const scheduler = createScheduler({ database, jobs: [job], now: () => new Date(0), log });
    const when = new Date('2030-01-02T03:04:05Z');
    const running = scheduler.runJob('probe', { now: when });
    expect(await scheduler.runJob('probe')).toEqual({ ran: false });
    release.open();
    expect(await running).toEqual({ ran: true, report: { done: 1 } });
    expect(seen).toEqual([when]);
    await expect(scheduler.runJob('nope')).rejects.toThrow('unknown scheduled job');
  });

  it('runs jobs on their schedule once started, logs failures, and stops waiting for runs in progress', async () => {
    let runs = 0;
    let signal: AbortSignal | undefined;
    const slow = gate();
    const jobs: ScheduledJob[] = [
      {
        name: 'every-second',
        schedule: '* * * * * *',
        run: async (context) => {
          runs++;
          signal = context.signal;
          if (runs === 2) await slow.opened;
          return { runs };
        },
      },
      {
        name: 'failing',
        schedule: '* * * * * *',
        run: async () => {
          throw new Error('no personal data here');
        },
      },
    ];
    const scheduler = createScheduler({ database, jobs, now: () => new Date(), log });
    scheduler.start();
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    let isStopped = false;
    const stopping = scheduler.stop().then(() => (isStopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isStopped).toBe(false); // the second run is still in progress
    expect(signal?.aborted).toBe(true); // and is asked to end early
    slow.open();
    await stopping;
    const runsAtStop = runs;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toBe(runsAtStop);
    expect(await scheduler.runJob('every-second')).toEqual({ ran: false });
    expect(logged).toContainEqual({ level: 'error', object: expect.objectContaining({ job: 'failing' }) });
    expect(logged).toContainEqual({ level: 'info', object: { job: 'every-second', runs: 1 } });
  });

  it('claims a run key once, in the transaction that does the work', async () => {
    expect(await database.db.transaction((tx) => claimRun(tx, { job: 'probe', runKey: 'a' }))).toBe(true);
    expect(await database.db.transaction((tx) => claimRun(tx, { job: 'probe', runKey: 'a' }))).toBe(false);
    expect(await database.db.transaction((tx) => claimRun(tx, { job: 'other', runKey: 'a' }))).toBe(true);
    // Rolled back with its work: free again.
    await database.db
      .transaction(async (tx) => {
        await claimRuns(tx, { job: 'probe', runKeys: ['b', 'c'] });
        throw new Error('work failed');
      })
      .catch(() => undefined);
    const claimed = await database.db.transaction((tx) =>
      claimRuns(tx, { job: 'probe', runKeys: ['a', 'b', 'c', 'c'] }),
    );
    expect([...claimed].sort()).toEqual(['b', 'c']);
    expect((await findClaimedRuns(database.db, { job: 'probe', runKeys: ['a', 'b', 'z'] })).sort()).toEqual(['a', 'b']);
  });
});
