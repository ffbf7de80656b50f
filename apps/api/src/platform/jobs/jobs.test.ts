import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cancelJob, claimJob, enqueueJob, findJob } from './job-queue';
import { createJobRunner, type JobHandler } from './job-runner';

let t: TestApp;
let owner: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.database.raw('create table job_test_units (job_id uuid not null, n int not null, primary key (job_id, n))');
  const person = await createPerson(t.database.db);
  owner = { id: person.id, token: (await signIn(t.app, person.username, person.password)).token };
});
afterAll(() => t.close());

const silent = { error: () => undefined };

/** Writes units 1..total into job_test_units (its primary key fails on a unit done twice). */
function countingHandler(options: { total: number; onUnit?: (n: number) => void }): JobHandler {
  return {
    kind: 'count',
    run: async ({ job, step }) => {
      const from = ((job.cursor as { n?: number } | null)?.n ?? 0) + 1;
      for (let n = from; n <= options.total; n++) {
        await step(async (tx) => {
          await tx.execute(sql`insert into job_test_units (job_id, n) values (${job.id}, ${n})`);
          options.onUnit?.(n);
          return { value: undefined, cursor: { n }, done: n, total: options.total };
        });
      }
      return { units: options.total };
    },
  };
}

const unitsOf = async (jobId: string) =>
  Number((await t.database.raw('select count(*)::int as n from job_test_units where job_id = $1', [jobId])).rows[0]!.n);
const enqueue = () => enqueueJob(t.database.db, { kind: 'count', ownerPersonId: owner.id });

describe('jobs', () => {
  it('runs a job to the end and shows its progress to its owner only', async () => {
    const id = await enqueue();
    const runner = createJobRunner({ db: t.database.db, log: silent, handlers: [countingHandler({ total: 5 })] });
    expect(await runner.runOnce()).toBe(1);
    await runner.stop();
    const res = await injectAs(t.app, owner.token)({ url: `/api/v1/jobs/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'done', done: 5, total: 5, result: { units: 5 } });
    const other = await createPerson(t.database.db);
    const otherToken = (await signIn(t.app, other.username, other.password)).token;
    expect((await injectAs(t.app, otherToken)({ url: `/api/v1/jobs/${id}` })).statusCode).toBe(404);
  });

  it('resumes a job interrupted by a shutdown, doing no unit twice', async () => {
    const id = await enqueue();
    let runner = createJobRunner({
      db: t.database.db,
      log: silent,
      handlers: [countingHandler({ total: 10, onUnit: (n) => n === 4 && void runner.stop() })],
    });
    await runner.runOnce();
    await runner.stop();
    const interrupted = (await findJob(t.database.db, { id }))!;
    expect(interrupted).toMatchObject({ state: 'queued', progressDone: 4, cursor: { n: 4 } });
    runner = createJobRunner({ db: t.database.db, log: silent, handlers: [countingHandler({ total: 10 })] });
    await runner.runOnce();
    await runner.stop();
    expect(await findJob(t.database.db, { id })).toMatchObject({ state: 'done', progressDone: 10 });
    expect(await unitsOf(id)).toBe(10);
  });

  it('resumes the job of a worker that died once its lease has run out', async () => {
    const id = await enqueue();
    // A worker claims the job and dies after two units: its lease stays behind.
    const dead = (await claimJob(t.database.db, { kinds: ['count'], leaseSeconds: 60 }))!;
    await t.database.db.execute(sql`update jobs set cursor = '{"n":2}', progress_done = 2 where id = ${dead.id}`);
    await t.database.raw('insert into job_test_units (job_id, n) values ($1, 1), ($1, 2)', [id]);
    const runner = createJobRunner({ db: t.database.db, log: silent, handlers: [countingHandler({ total: 6 })] });
    expect(await runner.runOnce()).toBe(0); // the lease still holds
    await t.database.db.execute(sql`update jobs set lease_until = now() - interval '1 second' where id = ${id}`);
    expect(await runner.runOnce()).toBe(1);
    await runner.stop();
    expect(await findJob(t.database.db, { id })).toMatchObject({ state: 'done', progressDone: 6 });
    expect(await unitsOf(id)).toBe(6);
  });

  it('lets a worker whose lease was taken over store nothing more', async () => {
    const id = await enqueue();
    const first = (await claimJob(t.database.db, { kinds: ['count'], leaseSeconds: 60 }))!;
    await t.database.db.execute(sql`update jobs set lease_until = now() - interval '1 second' where id = ${id}`);
    const second = (await claimJob(t.database.db, { kinds: ['count'], leaseSeconds: 60 }))!;
    expect(second.id).toBe(first.id);
    expect(second.leaseToken).not.toBe(first.leaseToken);
    const { advanceJob } = await import('./job-queue');
    const stale = await t.database.db.transaction((tx) =>
      advanceJob(tx, { id, leaseToken: first.leaseToken!, leaseSeconds: 60, cursor: { n: 1 }, done: 1 }),
    );
    expect(stale).toBe(false);
    await cancelJob(t.database.db, { id });
  });

  it('stops a cancelled job before its next unit', async () => {
    const id = await enqueue();
    const runner = createJobRunner({
      db: t.database.db,
      log: silent,
      handlers: [countingHandler({ total: 10, onUnit: (n) => n === 3 && void cancelJob(t.database.db, { id }) })],
    });
    const cancelled = await injectAs(t.app, owner.token)({ method: 'POST', url: `/api/v1/jobs/${id}/cancel` });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    await runner.runOnce();
    await runner.stop();
    expect(await unitsOf(id)).toBe(0);
  });

  it('shares the queue between two runners, each unit once', async () => {
    const ids = await Promise.all([enqueue(), enqueue(), enqueue(), enqueue()]);
    const runners = [0, 1].map(() =>
      createJobRunner({ db: t.database.db, log: silent, handlers: [countingHandler({ total: 5 })] }),
    );
    await Promise.all(runners.map((r) => r.runOnce()));
    await Promise.all(runners.map((r) => r.stop()));
    for (const id of ids) {
      expect(await findJob(t.database.db, { id })).toMatchObject({ state: 'done' });
      expect(await unitsOf(id)).toBe(5);
    }
  });
});
