import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { csv, importClient } from './import-test-support';

let t: TestApp;
let adminToken: string;
let club: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  club = await createClub(t.database.db, { name: 'Resume Club' });
  const admin = await createPerson(t.database.db, { isAdmin: true });
  adminToken = (await signIn(t.app, admin.username, admin.password)).token;
});
afterAll(() => t.close());

const count = async (query: string, params: unknown[] = []) => Number((await t.database.raw(query, params)).rows[0]!.n);

describe('an import interrupted mid-run', () => {
  it('resumes after a restart where it stopped and stores no row twice', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [
      `Person${i + 1}`,
      'Resumetest',
      `0${(i % 9) + 1}.01.19${60 + i}`,
      `resume${i + 1}@example.test`,
      club.name,
      'Einzelmitglied',
    ]);
    const client = importClient(t.app, adminToken);
    const upload = (
      await client.upload(csv([['Vorname', 'Nachname', 'Geburtstag', 'E-Mail', 'Club', 'Mitgliedschaftstyp'], ...rows]))
    ).json();
    // The process dies while storing row 15: every attempt fails there.
    await t.database.raw(`create function fail_row_15() returns trigger language plpgsql as $$
      begin if new.row_number = 15 then raise exception 'crash'; end if; return new; end $$`);
    await t.database.raw(
      'create trigger fail_row_15 before insert on import_row_results for each row execute function fail_row_15()',
    );
    const run = await client.run(upload.id, upload.mapping);
    const { jobId } = run.json();
    await t.app.jobs.runOnce();
    const stopped = (await client.job(jobId)).json();
    expect(stopped.done).toBe(14);
    expect(await count(`select count(*)::int as n from persons where lastname = 'Resumetest'`)).toBe(14);

    // As after a crash: the job is still "running" under a lease that has run out.
    await t.database.raw('drop trigger fail_row_15 on import_row_results');
    await t.database.raw(
      `update jobs set state = 'running', lease_token = gen_random_uuid(), lease_until = now() - interval '1 second', attempts = 1 where id = $1`,
      [jobId],
    );
    const restarted = await createTestApp({ database: t.database });
    try {
      await restarted.app.jobs.runOnce();
    } finally {
      await restarted.close();
    }
    const done = (await client.job(jobId)).json();
    expect(done).toMatchObject({ state: 'done', done: 30, result: { created: 30, refused: 0 } });
    expect(await count(`select count(*)::int as n from persons where lastname = 'Resumetest'`)).toBe(30);
    expect(await count('select count(*)::int as n from import_row_results where upload_id = $1', [upload.id])).toBe(30);
    expect(
      await count(
        `select count(*)::int as n from club_relations r join persons p on p.id = r.person_id where p.lastname = 'Resumetest'`,
      ),
    ).toBe(30);
  });
});

describe('the round trip', () => {
  it('changes nothing when an all-data export is imported again', async () => {
    const db = t.database.db;
    const roundClub = await createClub(db, { name: 'Round Trip' });
    const client = importClient(t.app, adminToken);
    // Persons as a secretary would bring them in: addresses, entries, languages, a membership.
    const file = csv([
      [
        'Anrede',
        'Vorname',
        'Nachname',
        'Geburtstag',
        'Korrespondenzsprache',
        'Gesprochene Sprachen',
        'Profil öffentlich',
        'Firma',
        'Strasse',
        'PLZ',
        'Ort',
        'Land',
        'E-Mail',
        'Telefon',
        'Website',
        'Club',
        'Mitgliedschaftstyp',
      ],
      [
        'Frau',
        'Rita',
        'Roundtrip',
        '12.12.1972',
        'Französisch',
        'Deutsch, Italienisch',
        'ja',
        'Muster AG',
        'Bahnhofstrasse 1',
        '3000',
        'Bern',
        'Schweiz',
        'rita.round@example.test',
        '+41 31 111 11 11',
        'https://rita.example.test',
        roundClub.name,
        'Einzelmitglied',
      ],
      [
        '',
        'Sina',
        'Roundtrip',
        '1990-01-31',
        'en',
        '',
        'nein',
        '',
        '',
        '',
        '',
        '',
        'sina.round@example.test',
        '',
        '',
        roundClub.name,
        'Einzelmitglied',
      ],
    ]);
    const first = await client.importFile(file);
    expect(first.job.result).toMatchObject({ created: 2, refused: 0 });

    const exported = await injectAs(t.app, adminToken)({ url: `/api/v1/export?OutputFormat=0&Clubs=${roundClub.id}` });
    expect(exported.statusCode).toBe(200);
    const again = await client.importFile(exported.rawPayload, { filename: 'export.xlsx' });
    expect(again.job.result, JSON.stringify(again.job)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
      refused: 0,
    });
  });
});
