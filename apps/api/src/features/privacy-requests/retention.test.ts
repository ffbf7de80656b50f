import { ERASED_NAME } from '@bpw/domain/schemas/privacy-request';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit-log';
import { jobs } from '../../db/schema/jobs';
import { persons } from '../../db/schema/persons';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { RETENTION_JOB_KIND, retentionCutoff } from './retention.service';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

/** Retention (issue 25, docs/decisions/erasure.md): the period, the list and the job. */
describe('retention (issue 25)', () => {
  let t: TestApp;
  let admin: CreatedPerson;
  let asAdmin: ReturnType<typeof injectAs>;
  let asMember: ReturnType<typeof injectAs>;
  let gone: CreatedPerson[];
  let stays: CreatedPerson[];
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const club = await createClub(db);
    admin = await createPerson(db, { isAdmin: true });
    asAdmin = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    const member = await createPerson(db, { clubId: club.id });
    asMember = injectAs(t.app, (await signIn(t.app, member.username, member.password)).token);
    const longAgo = new Date('2015-01-01T00:00:00Z');
    // Past the period: memberships ended in 2016, never signed in since.
    gone = [];
    for (let i = 0; i < 3; i++) {
      gone.push(await createPerson(db, { clubId: club.id, from: '2010-01-01', to: '2016-12-31' }));
    }
    // Not past it: a current member, an old one who signed in lately, and an admin without a club.
    const signedIn = await createPerson(db, { clubId: club.id, from: '2010-01-01', to: '2016-12-31' });
    await signIn(t.app, signedIn.username, signedIn.password);
    stays = [member, signedIn, await createPerson(db, { isAdmin: true })];
    await db
      .update(persons)
      .set({ createdAt: longAgo })
      .where(
        inArray(
          persons.id,
          [...gone, ...stays].map((p) => p.id),
        ),
      );
  });
  afterAll(() => t.close());

  it('has no period by default and lists nobody; only admins see or set it', async () => {
    expect((await asAdmin({ url: '/api/v1/privacy-setting' })).json()).toEqual({ retentionMonths: null });
    expect((await asAdmin({ url: '/api/v1/retention-candidate' })).json()).toEqual({
      items: [],
      total: 0,
      retentionMonths: null,
    });
    expect((await asAdmin({ method: 'POST', url: '/api/v1/retention-run' })).statusCode).toBe(409);
    expect((await asMember({ url: '/api/v1/privacy-setting' })).statusCode).toBe(403);
    expect(
      (await asMember({ method: 'PUT', url: '/api/v1/privacy-setting', payload: { retentionMonths: 1 } })).statusCode,
    ).toBe(403);
    expect((await asMember({ url: '/api/v1/retention-candidate' })).statusCode).toBe(403);
    const invalid = await asAdmin({ method: 'PUT', url: '/api/v1/privacy-setting', payload: { retentionMonths: 0 } });
    expect(invalid.statusCode).toBe(400);
    const half = await asAdmin({ method: 'PUT', url: '/api/v1/privacy-setting', payload: { retentionMonths: 1.5 } });
    expect(half.statusCode).toBe(400);
  });

  it('lists the persons past the period, paged, and anonymises them in a job, each once', async () => {
    const set = await asAdmin({ method: 'PUT', url: '/api/v1/privacy-setting', payload: { retentionMonths: 24 } });
    expect(set.json()).toEqual({ retentionMonths: 24 });
    const page = await asAdmin({ url: '/api/v1/retention-candidate?PerPage=2' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().items).toHaveLength(2);
    expect(page.json().items[0]).toMatchObject({ lastMembershipEnd: '2016-12-31' });
    const all = await asAdmin({ url: '/api/v1/retention-candidate?PerPage=0' });
    expect(
      all
        .json()
        .items.map((c: { personId: string }) => c.personId)
        .sort(),
    ).toEqual(gone.map((p) => p.id).sort());

    const run = await asAdmin({ method: 'POST', url: '/api/v1/retention-run' });
    expect(run.statusCode).toBe(202);
    const { jobId } = run.json();
    // Asked again while it waits: the same job.
    expect((await asAdmin({ method: 'POST', url: '/api/v1/retention-run' })).json().jobId).toBe(jobId);
    expect((await asMember({ method: 'POST', url: '/api/v1/retention-run' })).statusCode).toBe(403);
    await t.app.jobs.runOnce();
    const job = await asAdmin({ url: `/api/v1/jobs/${jobId}` });
    expect(job.json()).toMatchObject({ state: 'done', done: 3, total: 3, result: { erased: 3 } });

    const rows = await t.database.db
      .select()
      .from(persons)
      .where(
        inArray(
          persons.id,
          gone.map((p) => p.id),
        ),
      );
    expect(rows.every((r) => r.lastname === ERASED_NAME && r.firstname === null && r.birthday === null)).toBe(true);
    const kept = await t.database.db
      .select()
      .from(persons)
      .where(
        inArray(
          persons.id,
          stays.map((p) => p.id),
        ),
      );
    expect(kept.every((r) => r.lastname !== ERASED_NAME)).toBe(true);
    const entries = await t.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'erased'));
    expect(entries.filter((e) => gone.some((p) => p.id === e.subjectPersonId))).toHaveLength(3);
    expect(entries.every((e) => (e.details as { via: string }).via === 'retention')).toBe(true);
    // Nobody is left, and a second run erases nobody twice.
    expect((await asAdmin({ url: '/api/v1/retention-candidate' })).json().total).toBe(0);
    const again = (await asAdmin({ method: 'POST', url: '/api/v1/retention-run' })).json().jobId;
    await t.app.jobs.runOnce();
    expect((await asAdmin({ url: `/api/v1/jobs/${again}` })).json()).toMatchObject({
      state: 'done',
      done: 0,
      result: { erased: 0 },
    });
    const after = await t.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'erased'));
    expect(after).toHaveLength(entries.length);
  });

  it('resumes a job after its last committed person and never does one twice', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const old = [];
    for (let i = 0; i < 3; i++)
      old.push(await createPerson(db, { clubId: club.id, from: '2010-01-01', to: '2015-06-30' }));
    await db
      .update(persons)
      .set({ createdAt: new Date('2014-01-01T00:00:00Z') })
      .where(
        inArray(
          persons.id,
          old.map((p) => p.id),
        ),
      );
    // The job as POST retention-run queues it, but queued here: the POST's kick of the runner would
    // race the cursor written below. As if a worker had committed the first person in id order
    // and then died: its cursor.
    const { cutoff, cutoffDay } = retentionCutoff(new Date(), 24);
    const jobId = await enqueueJob(db, {
      kind: RETENTION_JOB_KIND,
      ownerPersonId: admin.id,
      params: { cutoff: cutoff.toISOString(), cutoffDay, months: 24 },
      total: 3,
    });
    const [first, ...rest] = old.map((p) => p.id).sort();
    await db
      .update(jobs)
      .set({ cursor: { after: first, erased: 1 }, progressDone: 1 })
      .where(eq(jobs.id, jobId));
    await t.app.jobs.runOnce();
    expect((await asAdmin({ url: `/api/v1/jobs/${jobId}` })).json()).toMatchObject({
      state: 'done',
      done: 3,
      total: 3,
      result: { erased: 3 },
    });
    const rows = await db
      .select()
      .from(persons)
      .where(
        inArray(
          persons.id,
          old.map((p) => p.id),
        ),
      );
    // The committed one is not done again (here: never touched); the others are erased once.
    expect(rows.find((r) => r.id === first)!.lastname).not.toBe(ERASED_NAME);
    expect(rows.filter((r) => rest.includes(r.id)).every((r) => r.lastname === ERASED_NAME)).toBe(true);
    const entries = await db.select().from(auditEntries).where(inArray(auditEntries.subjectPersonId, rest));
    expect(entries.filter((e) => e.action === 'erased')).toHaveLength(2);
  });
});
