import http from 'node:http';
import { competenceTopicEnum } from '@bpw/domain/enums/competence';
import { languageCodeEnum } from '@bpw/domain/enums/language';
import {
  advertisingEnum,
  courierTypeEnum,
  employmentTypeEnum,
  salutationEnum,
  titleEnum,
} from '@bpw/domain/enums/person-fields';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClub, createPerson, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testDatabaseUrl } from '../../../test/test-database';
import { unzipEntries } from '../../../test/unzip';
import { addressEmails, addressPhones, addresses, addressUrls } from '../../db/schema/addresses';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';
import type * as WorkerThreads from '../../platform/worker-threads';
import { startModuleWorker } from '../../platform/worker-threads';
import type * as ExportThread from './export-thread';
import { readSheetChunks } from './export-thread';

// Which exports go to a thread, and which threads the app starts for them.
vi.mock('../../platform/worker-threads', async (importOriginal) => {
  const original = await importOriginal<typeof WorkerThreads>();
  return { ...original, startModuleWorker: vi.fn(original.startModuleWorker) };
});
vi.mock('./export-thread', async (importOriginal) => {
  const original = await importOriginal<typeof ExportThread>();
  return { ...original, readSheetChunks: vi.fn(original.readSheetChunks) };
});

/**
 * Issue 20: on PostgreSQL the export reads and writes its sheet text on a thread of its own
 * (export-thread.ts, export-sheet.worker.ts). Its file holds exactly what the API's own thread
 * writes (EXPORT_THREAD=0, the cursor read there as before), in every format and language and
 * with the fields an exporter may not see hidden; a failure on the thread breaks the download
 * off, audited as incomplete. PGlite reads on the API's thread (export.test.ts).
 */
describe.skipIf(!testDatabaseUrl)('GET export on a thread of its own (PostgreSQL)', () => {
  const now = () => new Date('2026-05-04T08:00:00Z');
  let t: TestApp;
  let onMainThread: TestApp;
  let adminToken: string;
  let managerToken: string;
  let clubA: string;
  const personCount = 1_234;

  beforeAll(async () => {
    t = await createTestApp({ now });
    onMainThread = await createTestApp({ now, database: t.database, env: { EXPORT_THREAD: '0' } });
    const db = t.database.db;
    clubA = (await createClub(db, { name: 'BPW Aarau' })).id;
    const clubB = (await createClub(db, { name: '=BPW "Biel" & <Bienne>' })).id;
    const pick = <T>(values: readonly T[], i: number) => values[i % values.length]!;
    const rows = Array.from({ length: personCount }, (_, i) => ({
      salutation: i % 7 === 0 ? null : pick(salutationEnum.values, i),
      title: i % 3 === 0 ? null : pick(titleEnum.values, i),
      firstname: i % 11 === 0 ? null : pick(['Anna', 'Zoë', ' Lea ', '+Eva', 'Jo\u0001sé'], i),
      lastname: pick(['Muster', '=HYPERLINK("x")', '@Meier', '-Müller', 'Rossi & Co <b>'], i) + ` ${i}`,
      birthday: i % 5 === 0 ? null : `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
      languageCode: pick(languageCodeEnum.values, i),
      countryCode: pick([null, 'CH', 'DE', 'XK', 'IT'], i),
      employmentType: i % 4 === 0 ? null : pick(employmentTypeEnum.values, i),
      bpwCourier: i % 6 === 0 ? null : pick(courierTypeEnum.values, i),
      advertising: pick(advertisingEnum.values, i),
      isProfilePublic: i % 2 === 0,
      isPresentationDone: i % 3 === 0,
      isCoach: i % 5 === 1,
      primaryClubId: pick([clubA, clubB, null], i),
    }));
    const ids = (await db.insert(persons).values(rows).returning({ id: persons.id })).map(({ id }) => id);
    await db
      .insert(clubRelations)
      .values([
        ...ids.map((personId, i) => ({ personId, clubId: i % 2 ? clubA : clubB, type: i % 4, from: '2020-01-01' })),
        ...ids
          .filter((_, i) => i % 3 === 0)
          .map((personId, i) => ({ personId, clubId: clubA, type: 110 + (i % 2) * 10, from: '2021-01-01' })),
      ]);
    await db
      .insert(personSpokenLanguages)
      .values(
        ids.flatMap((personId, i) => (i % 2 ? [] : [{ personId, languageCode: pick(['de', 'fr', 'en'] as const, i) }])),
      );
    await db
      .insert(personMentoringAreas)
      .values(
        ids.flatMap((personId, i) =>
          i % 3 ? [] : [{ personId, personMentoringType: pick(competenceTopicEnum.values, i) }],
        ),
      );
    const addressRows = await db
      .insert(addresses)
      .values(
        ids.map((personId, i) => ({
          personId,
          label: 'Büro',
          company: pick(['=cmd|" /C calc"!A0', 'Firma AG', null, '\tTab GmbH'], i),
          companyRole: pick([null, 'CEO'], i),
          mainCompetence: pick([null, '10', 'Recht'], i),
          street: `Bahnhofstrasse ${i}`,
          zip: `${3000 + i}`,
          city: pick(['Bern', 'Genève', 'Zürich'], i),
          countryCode: pick(['CH', 'FR', 'LI'], i),
          address1: pick([null, 'c/o = Gruppe'], i),
        })),
      )
      .returning({ id: addresses.id, personId: addresses.personId });
    const entry = (i: number, value: string) => ({
      addressId: addressRows[i]!.id,
      personId: addressRows[i]!.personId,
      value,
    });
    const emails = await db
      .insert(addressEmails)
      .values(addressRows.map((_, i) => entry(i, `p${i}@example.test`)))
      .returning({ id: addressEmails.id });
    const phones = await db
      .insert(addressPhones)
      .values(addressRows.map((_, i) => entry(i, pick(['+41 31 000 00 00', '-', '+41 (0)31 / 1'], i))))
      .returning({ id: addressPhones.id });
    const urls = await db
      .insert(addressUrls)
      .values(addressRows.map((_, i) => entry(i, `https://example.test/${i}`)))
      .returning({ id: addressUrls.id });
    for (let i = 0; i < ids.length; i += 1) {
      if (i % 9 === 8) continue;
      await db
        .update(persons)
        .set({
          primaryAddressId: addressRows[i]!.id,
          primaryEmailId: i % 10 === 0 ? null : emails[i]!.id,
          primaryPhoneId: phones[i]!.id,
          primaryUrlId: urls[i]!.id,
        })
        .where(eq(persons.id, ids[i]!));
    }
    const admin = await createPerson(db, { isAdmin: true, lastname: 'Admin' });
    adminToken = (await signIn(t.app, admin.username, admin.password)).token;
    const manager = await createPerson(db, { clubId: clubA, type: 'database', lastname: 'Managerin' });
    managerToken = (await signIn(t.app, manager.username, manager.password)).token;
  }, 120_000);
  afterAll(async () => {
    await onMainThread?.close();
    await t?.close();
  });

  const download = async (app: TestApp, token: string, query: string, language = 'de-CH') => {
    const res = await app.app.inject({
      url: `/api/v1/export?${query}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const threadExports = () => vi.mocked(readSheetChunks).mock.calls.length;
  const threadsStarted = () =>
    vi.mocked(startModuleWorker).mock.calls.filter(([url]) => url.pathname.endsWith('/export-sheet.worker.ts')).length;

  it.each([
    ['allData as admin', 'OutputFormat=0', 'de-CH', 'admin'],
    ['allData in French', 'OutputFormat=0', 'fr-CH', 'admin'],
    ['allData in Italian, of one club', `OutputFormat=0&Clubs=${'A'}`, 'it-CH', 'admin'],
    ['allData as a club manager (hidden fields)', 'OutputFormat=0', 'en-US', 'manager'],
    ['emailList', 'OutputFormat=10', 'de-CH', 'admin'],
    ['addressList', 'OutputFormat=20', 'fr-CH', 'admin'],
    ['badgeList', 'OutputFormat=30', 'de-CH', 'admin'],
    ['onlyMainData', 'OutputFormat=40', 'en-US', 'admin'],
  ])('writes %s as the API’s own thread does', async (_, rawQuery, language, who) => {
    const query = rawQuery.replace('Clubs=A', `Clubs=${clubA}`);
    const token = who === 'admin' ? adminToken : managerToken;
    const exportsBefore = threadExports();
    // One after the other: a third export at once would read by id, in another order.
    const onThread = await download(t, token, query, language);
    const onMain = await download(onMainThread, token, query, language);
    // The first went to a thread, the second read on the API's thread.
    expect(threadExports()).toBe(exportsBefore + 1);
    // A thread waits for the next export: one after the other, one thread serves them all.
    expect(threadsStarted()).toBe(1);
    const [threadEntries, mainEntries] = [unzipEntries(onThread), unzipEntries(onMain)];
    expect([...threadEntries.keys()]).toEqual([...mainEntries.keys()]);
    for (const [name, content] of mainEntries) expect(threadEntries.get(name)!.equals(content), name).toBe(true);
    const sheet = mainEntries.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    // Rows, texts neutralised, and what the manager may not see is not there.
    expect(sheet.split('<row ').length - 1).toBeGreaterThan(who === 'admin' && !query.includes('Clubs') ? 900 : 400);
    if (query === 'OutputFormat=0' && who === 'admin') expect(sheet).toContain(`'=HYPERLINK(&quot;x&quot;) 1`);
  });

  /** The export entries of the audit trail, newest last. */
  const exportEntries = async () =>
    (
      await t.database.db
        .select({ details: auditEntries.details })
        .from(auditEntries)
        .where(eq(auditEntries.action, 'exported'))
        .orderBy(auditEntries.at)
    ).map((entry) => entry.details as { isComplete: boolean; rowCount: number });

  it('breaks the download off when the thread fails, audited as incomplete, and goes on serving', async () => {
    // A statement timeout of 1 ms on the thread's connection: its first fetch is cancelled.
    const failing = await createTestApp({ now, database: t.database, env: { LONG_STATEMENT_TIMEOUT_MS: '1' } });
    try {
      await failing.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (failing.app.server.address() as { port: number }).port;
      const entriesBefore = (await exportEntries()).length;
      const outcome = await new Promise<string>((resolve) => {
        const request = http.get(
          `http://127.0.0.1:${port}/api/v1/export?OutputFormat=0`,
          { headers: { authorization: `Bearer ${adminToken}` }, agent: false },
          (response) => {
            response.on('error', () => resolve('broken off'));
            response.on('aborted', () => resolve('broken off'));
            response.on('end', () => resolve(response.complete ? 'complete' : 'broken off'));
            response.resume();
          },
        );
        request.on('error', () => resolve('broken off'));
      });
      expect(outcome).toBe('broken off');
      await expect
        .poll(async () => (await exportEntries()).slice(entriesBefore))
        .toMatchObject([{ isComplete: false, rowCount: 0 }]);
      const list = await failing.app.inject({
        url: '/api/v1/person?PerPage=10',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(list.statusCode).toBe(200);
      // The thread's transaction is over and its connection closed.
      const open = async () =>
        (
          await t.database.raw(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and state like 'idle in transaction%'`,
          )
        ).rows[0]!.n;
      await expect.poll(open, { timeout: 10_000 }).toBe(0);
    } finally {
      await failing.close();
    }
    // The next export goes through its own thread again and completes.
    const file = await download(t, adminToken, 'OutputFormat=10');
    expect(unzipEntries(file).get('xl/worksheets/sheet1.xml')!.length).toBeGreaterThan(10_000);
  });
});
