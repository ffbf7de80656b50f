import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../../test/factories';
import { testDatabaseUrl } from '../../../test/test-database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { persons } from '../../db/schema/persons';
import { scanQueuedPersons } from './duplicate-scan.service';

/**
 * Found by the crash test on PostgreSQL: a contact write holds her person row while its trigger
 * queues her again, which waits for the scan's claim of her queue row, while the scan waited for
 * her row: a deadlock, and the writer's request answered 500. The scan now gives up instead
 * (duplicate-scan.service.ts). PGlite has one connection, so nothing can hold a row meanwhile.
 */
describe.skipIf(!testDatabaseUrl)('the duplicate scan never waits for a writer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const queued = async (id: string) =>
    (await t.database.raw('select 1 from duplicate_queue where person_id = $1', [id])).rows.length === 1;

  it('gives her queue row back while her row is being written, and scans her afterwards', async () => {
    const person = await createPerson(t.database.db);
    await scanQueuedPersons(t.database.db);
    await t.database.raw('insert into duplicate_queue (person_id) values ($1)', [person.id]);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // A writer: her row locked as the address and consent writes lock it, then a trigger's queue insert.
    const writer = t.database.db.transaction(async (tx) => {
      await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, person.id)).for('update');
      locked();
      await released;
      await tx.execute(sql`insert into duplicate_queue (person_id) values (${person.id}) on conflict do nothing`);
    });
    await isLocked;

    const started = Date.now();
    expect(await scanQueuedPersons(t.database.db)).toBe(0);
    expect(Date.now() - started).toBeLessThan(900); // PostgreSQL's deadlock_timeout is 1 s
    expect(await queued(person.id)).toBe(true);

    release();
    await writer;
    expect(await scanQueuedPersons(t.database.db)).toBe(1);
    expect(await queued(person.id)).toBe(false);
  });
});
