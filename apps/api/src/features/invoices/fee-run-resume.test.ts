import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedFeeSchedule, seedInvoiceSettings } from './invoice-test-support';
import { giveAddress } from './invoice-world';

let t: TestApp;
let adminToken: string;
const clubIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (let c = 0; c < 2; c++) {
    const club = await createClub(db);
    await seedInvoiceSettings(db, club.id);
    await seedFeeSchedule(db, club.id, 2027);
    for (let i = 0; i < 6; i++) {
      const person = await createPerson(db, { clubId: club.id, hasAccount: false });
      await giveAddress(db, person.id);
    }
    clubIds.push(club.id);
  }
  clubIds.sort();
  // A club without settings: skipped by an all-clubs run, not an error.
  await createClub(t.database.db);
  const admin = await createPerson(db, { isAdmin: true });
  adminToken = (await signIn(t.app, admin.username, admin.password)).token;
});
afterAll(() => t.close());

const count = async (query: string, params: unknown[] = []) => Number((await t.database.raw(query, params)).rows[0]!.n);

describe('a fee run interrupted mid-way (issue 17)', () => {
  it('keeps the committed clubs, resumes after them and makes no invoice twice', async () => {
    const asAdmin = injectAs(t.app, adminToken);
    const preview = (await asAdmin({ url: '/api/v1/fee-run/preview?Year=2027' })).json();
    expect(preview).toMatchObject({ invoiceCount: 12, skippedClubs: [{ reason: 'noSettings' }] });

    // The process dies while writing the second club's invoices: every attempt fails there.
    await t.database.raw(`create function fail_fee_run() returns trigger language plpgsql as $$
      begin if new.club_id = '${clubIds[1]}' then raise exception 'crash'; end if; return new; end $$`);
    await t.database.raw(
      'create trigger fail_fee_run before insert on invoices for each row execute function fail_fee_run()',
    );
    const run = (
      await asAdmin({ method: 'POST', url: '/api/v1/fee-run', payload: { year: 2027, clubId: null } })
    ).json();
    await t.app.jobs.runOnce();
    // The POST's kick of this instance's runner may come only now (setImmediate): let it run out
    // here, so it does not take the job over once its lease has run out below.
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.jobs.runOnce();
    expect(await count('select count(*)::int as n from invoices')).toBe(6);
    expect((await asAdmin({ url: `/api/v1/jobs/${run.jobId}` })).json()).toMatchObject({ state: 'failed', done: 6 });

    // As after a crash: the job is still "running" under a lease that has run out; a new instance resumes it.
    await t.database.raw('drop trigger fail_fee_run on invoices');
    await t.database.raw(
      `update jobs set state = 'running', lease_token = gen_random_uuid(), lease_until = now() - interval '1 second', attempts = 1 where id = $1`,
      [run.jobId],
    );
    const restarted = await createTestApp({ database: t.database });
    try {
      expect(await restarted.app.jobs.runOnce()).toBe(2); // the fee run, then its PDF job
    } finally {
      await restarted.close();
    }
    expect((await asAdmin({ url: `/api/v1/jobs/${run.jobId}` })).json()).toMatchObject({ state: 'done', done: 12 });
    expect(await count('select count(*)::int as n from invoices')).toBe(12);
    expect(await count('select count(distinct (person_id, club_id))::int as n from invoices')).toBe(12);
    expect(await count('select count(distinct number)::int as n from invoices')).toBe(12);
    expect((await asAdmin({ url: `/api/v1/fee-run/${run.id}` })).json()).toMatchObject({ invoiceCount: 12 });
    // The PDF job came after the last unit: every invoice rendered once.
    expect(await count('select count(*)::int as n from invoices where pdf_file_id is not null')).toBe(12);
    expect(await count(`select count(*)::int as n from stored_files where kind = 'invoice_pdf'`)).toBe(12);
  }, 60_000);
});
