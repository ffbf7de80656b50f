import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPayload } from '../../src/features/addresses/address-test-support';
import { createClub, createPerson, injectAs, signIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { reportFigure, testDatabaseKind } from './figures';

/**
 * Found by the crash test (issue 9): on PostgreSQL, simultaneous address writes for one person
 * deadlocked (each held the key-share lock of its entries' foreign key and waited for the other's
 * to update her primary items) and answered 500. They now queue on her row.
 */
describe('simultaneous address writes for one person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates, changes and deletes them all, each answered without a server error', async () => {
    const club = await createClub(t.database.db);
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const person = await createPerson(t.database.db, { clubId: club.id });
    const call = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    const url = `/api/v1/person/${person.id}/address`;
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call({ method: 'POST', url, payload: addressPayload({ label: `A${i}` }) })),
    );
    const serverErrors = (answers: { statusCode: number }[]) => answers.filter((r) => r.statusCode >= 500).length;
    expect(created.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = created.map((r) => (r.json() as { id: string }).id);
    const changed = await Promise.all(
      ids.map((id, i) =>
        i % 2 === 0
          ? call({ method: 'PUT', url: `${url}/${id}`, payload: addressPayload({ label: `B${i}` }) })
          : call({ method: 'DELETE', url: `${url}/${id}` }),
      ),
    );
    reportFigure(
      'simultaneous address writes',
      testDatabaseKind(),
      `${created.length + changed.length} writes for one person: ${serverErrors([...created, ...changed])} 5xx`,
    );
    expect(changed.map((r) => r.statusCode)).toEqual(ids.map((_, i) => (i % 2 === 0 ? 200 : 204)));
    const list = await call({ url });
    expect((list.json() as { total: number }).total).toBe(4);
  });
});
