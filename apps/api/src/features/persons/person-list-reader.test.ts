import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The list's caches belong to the app that made them (issue 22): an estimated total of one app
 * is never the answer of another in the same process, though their filters are the same.
 */
describe('two apps in one process, each on its own database', () => {
  let large: TestApp;
  let small: TestApp;
  const listAs = async (t: TestApp) => {
    const admin = await createPerson(t.database.db, { isAdmin: true, lastname: 'Admin' });
    const inject = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    return async () => {
      const res = await inject({ url: '/api/v1/person?Lastname=Twoapps&PerPage=10' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { lastname: string }[]; total: number; isTotalEstimated?: boolean };
    };
  };

  beforeAll(async () => {
    [large, small] = [await createTestApp(), await createTestApp()];
    await large.database.raw(
      `insert into persons (lastname, firstname, state) select 'Twoapps', 'L' || g, 0 from generate_series(1, 10050) as g`,
    );
    await large.database.raw('analyze persons');
    for (const firstname of ['Sina', 'Sara']) await createPerson(small.database.db, { firstname, lastname: 'Twoapps' });
  }, 120_000);
  afterAll(async () => {
    await large?.close();
    await small?.close();
  });

  it('answers each app its own total, the estimate of the large one staying there', async () => {
    const inLarge = await (await listAs(large))();
    expect(inLarge.isTotalEstimated).toBe(true);
    expect(inLarge.total).toBeGreaterThan(10_000);
    const inSmall = await (await listAs(small))();
    expect(inSmall.isTotalEstimated).toBeUndefined();
    expect(inSmall.total).toBe(2);
    expect(inSmall.items.map((p) => p.lastname)).toEqual(['Twoapps', 'Twoapps']);
  });
});
