import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditEntries, auditExportedPersons } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';
import { EXPORT_BATCH_SIZE } from './export.service';

/**
 * How the export reads (export.queries.ts): by cursor in one snapshot on PostgreSQL, at most a
 * few at once, by id on PGlite. Whatever the path, every person comes once, and a download
 * broken off gives its connection back.
 */
describe('GET export reading many persons', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let personIds: string[];
  const personCount = Math.max(EXPORT_BATCH_SIZE.cursor, EXPORT_BATCH_SIZE.byId) * 2 + 17;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const club = await createClub(db);
    clubId = club.id;
    const rows = Array.from({ length: personCount }, (_, i) => ({ lastname: `Reading ${String(i).padStart(5, '0')}` }));
    const ids = await db.insert(persons).values(rows).returning({ id: persons.id });
    personIds = ids.map(({ id }) => id);
    await db.insert(clubRelations).values(ids.map(({ id }) => ({ personId: id, clubId, type: 0, from: '2020-01-01' })));
    const admin = await createPerson(db, { isAdmin: true });
    token = (await signIn(t.app, admin.username, admin.password)).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const url = () =>
    `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v1/export?OutputFormat=0&Clubs=${clubId}`;
  const headers = () => ({ authorization: `Bearer ${token}` });

  /** The sheet's last names (allData: column D), header left out. */
  async function lastnamesOf(response: Response): Promise<string[]> {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const names: string[] = [];
    workbook.worksheets[0]!.eachRow((row, number) => {
      if (number > 1) names.push(String(row.getCell(4).value));
    });
    return names;
  }

  /** The export entries of the audit trail, with their details. */
  const exportEntries = async () =>
    (
      await t.database.db
        .select({ id: auditEntries.id, details: auditEntries.details })
        .from(auditEntries)
        .where(eq(auditEntries.action, 'exported'))
    ).map((entry) => ({ id: entry.id, details: entry.details as { isComplete: boolean; rowCount: number } }));

  it('exports every person once, also with several exports at the same time', async () => {
    const responses = await Promise.all(Array.from({ length: 4 }, () => fetch(url(), { headers: headers() })));
    for (const response of responses) {
      expect(response.status).toBe(200);
      const names = await lastnamesOf(response);
      expect(names).toHaveLength(personCount);
      expect(new Set(names).size).toBe(personCount);
    }
  });

  it("records every exported person in the export's trail, batch by batch", async () => {
    const before = new Set((await exportEntries()).map((entry) => entry.id));
    const response = await fetch(url(), { headers: headers() });
    expect(await lastnamesOf(response)).toHaveLength(personCount);
    // The entry is completed once the file is written, just after the last byte went out.
    const newEntry = async () => (await exportEntries()).find((entry) => !before.has(entry.id));
    await expect
      .poll(async () => (await newEntry())?.details)
      .toMatchObject({ isComplete: true, rowCount: personCount });
    const batches = await t.database.db
      .select()
      .from(auditExportedPersons)
      .where(eq(auditExportedPersons.auditEntryId, (await newEntry())!.id))
      .orderBy(auditExportedPersons.batchNumber);
    expect(batches.map((batch) => batch.batchNumber)).toEqual(batches.map((_, i) => i));
    const recorded = batches.flatMap((batch) => batch.personIds);
    expect(recorded).toHaveLength(personCount);
    expect(new Set(recorded)).toEqual(new Set(personIds));
  });

  it('gives the connection back when the download is broken off', async () => {
    for (let i = 0; i < 12; i++) {
      // The client goes away after the first bytes, as a closed browser tab does.
      await new Promise<void>((resolve, reject) => {
        const request = http.get(url(), { headers: headers(), agent: false }, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', reject);
      });
    }
    // Each stopped reading, and the trail says so.
    await expect
      .poll(async () =>
        (await exportEntries()).filter(({ details }) => !details.isComplete && details.rowCount < personCount),
      )
      .toHaveLength(12);
    // More broken-off downloads than the pool has connections, and the API still answers.
    const after = await injectAs(t.app, token)({ url: '/api/v1/person?PerPage=10' });
    expect(after.statusCode).toBe(200);
    if (t.database.kind === 'postgres') {
      const stuck = async () =>
        (
          await t.database.raw(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and state like 'idle in transaction%'`,
          )
        ).rows[0]!.n;
      await expect.poll(stuck, { timeout: 10_000 }).toBe(0);
    }
    const complete = await fetch(url(), { headers: headers() });
    expect(await lastnamesOf(complete)).toHaveLength(personCount);
  });
});
