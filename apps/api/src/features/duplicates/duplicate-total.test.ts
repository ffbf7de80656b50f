import type { DuplicateList } from '@bpw/domain/schemas/duplicate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The duplicate list's total is capped as the person list's (issue 16: counting 1.9 million pairs
 * cost each first page 0.3 s): exact up to 10,000 pairs, above it the planner's estimate, flagged.
 */
describe('GET duplicate: the total above 10,000 pairs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // 150 persons of one name are 11,175 pairs, written as the scan would.
    await t.database.raw(
      `insert into persons (lastname, firstname, state) select 'Totalpair', 'P' || g, 0 from generate_series(1, 150) as g`,
    );
    await t.database.raw(`insert into duplicate_pairs (person_id_1, person_id_2, reasons, rank, sort_name)
      select a.id, b.id, 2, 1, 'totalpair' from persons a join persons b on a.id < b.id
      where a.lastname = 'Totalpair' and b.lastname = 'Totalpair'`);
    // The persons' scan is done: it would find no pair among them (no e-mail, zip or birthday).
    await t.database.raw('delete from duplicate_queue');
    await t.database.raw('analyze duplicate_pairs');
  }, 120_000);
  afterAll(() => t.close());

  it('says the total is an estimate, and pages on', async () => {
    const admin = await createPerson(t.database.db, { isAdmin: true, lastname: 'Admin' });
    const inject = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    const first = await inject({ url: '/api/v1/duplicate?Page=0&PerPage=10' });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as DuplicateList;
    expect(body.items).toHaveLength(10);
    expect(body.isTotalEstimated).toBe(true);
    expect(body.total).toBeGreaterThan(10_000);

    const deep = (await inject({ url: '/api/v1/duplicate?Page=1117&PerPage=10' })).json() as DuplicateList;
    expect(deep.items).toHaveLength(5); // 11,175 pairs: the last page holds five
  });
});
