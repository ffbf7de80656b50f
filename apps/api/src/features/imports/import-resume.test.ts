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

/** Batches of 10 rows whatever the time they take, so the test knows where a batch ends. */
const batchEnv = { IMPORT_BATCH_ROWS: '10', IMPORT_BATCH_MS: '600000' };

describe('an import interrupted mid-batch', () => {
  it('undoes the whole batch, resumes after the last stored batch and stores every row once', async () => {
    const batched = await createTestApp({ database: t.database, env: batchEnv });
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
      await importClient(batched.app, adminToken).upload(
        csv([['Vorname', 'Nachname', 'Geburtstag', 'E-Mail', 'Club', 'Mitgliedschaftstyp'], ...rows]),
      )
    ).json();
    // The process dies while storing row 15, in the second batch (rows 11 to 20): every attempt fails there.
    await t.database.raw(`create function fail_row_15() returns trigger language plpgsql as $$
      begin if new.row_number = 15 then raise exception 'crash'; end if; return new; end $$`);
    await t.database.raw(
      'create trigger fail_row_15 before insert on import_row_results for each row execute function fail_row_15()',
    );
    const run = await importClient(batched.app, adminToken).run(upload.id, upload.mapping);
    const { jobId } = run.json();
    try {
      await batched.app.jobs.runOnce();
    } finally {
      await batched.close();
    }
    const stopped = (await client.job(jobId)).json();
    // Rows 11 to 14 were stored in the failed batch's transaction and are gone with it.
    expect(stopped.done).toBe(10);
    expect(await count(`select count(*)::int as n from persons where lastname = 'Resumetest'`)).toBe(10);
    expect(await count('select count(*)::int as n from import_row_results where upload_id = $1', [upload.id])).toBe(10);

    // As after a crash: the job is still "running" under a lease that has run out.
    await t.database.raw('drop trigger fail_row_15 on import_row_results');
    await t.database.raw(
      `update jobs set state = 'running', lease_token = gen_random_uuid(), lease_until = now() - interval '1 second', attempts = 1 where id = $1`,
      [jobId],
    );
    const restarted = await createTestApp({ database: t.database, env: batchEnv });
    try {
      await restarted.app.jobs.runOnce();
    } finally {
      await restarted.close();
    }
    const done = (await client.job(jobId)).json();
    expect(done).toMatchObject({ state: 'done', done: 30, result: { created: 30, refused: 0 } });
    // Every row once: one result per row number, each naming its own person, who was created once.
    const results = (
      await t.database.raw(
        `select r.row_number, r.outcome, p.firstname,
           (select count(*)::int from audit_entries a where a.entity = 'person' and a.entity_id = p.id
              and a.action = 'created') as created_entries,
           (select count(*)::int from club_relations c where c.person_id = p.id) as relations
         from import_row_results r join persons p on p.id = r.person_id
         where r.upload_id = $1 order by r.row_number`,
        [upload.id],
      )
    ).rows;
    expect(results).toEqual(
      rows.map((_, i) => ({
        row_number: i + 1,
        outcome: 'created',
        firstname: `Person${i + 1}`,
        created_entries: 1,
        relations: 1,
      })),
    );
    expect(await count(`select count(*)::int as n from persons where lastname = 'Resumetest'`)).toBe(30);
  });
});

describe('a refused row inside a batch', () => {
  it('rolls back only that row to its savepoint; the rows around it are stored', async () => {
    const client = importClient(t.app, adminToken);
    const header = ['Vorname', 'Nachname', 'Geburtstag', 'E-Mail', 'Club', 'Mitgliedschaftstyp'];
    const file = csv([
      header,
      ['Alma', 'Savepointtest', '01.02.1971', 'alma.savepoint@example.test', club.name, 'Einzelmitglied'],
      // The person is written before her address is found invalid: the savepoint takes her back.
      ['Bea', 'Savepointtest', '01.02.1972', 'not an e-mail', club.name, 'Einzelmitglied'],
      ['Cleo', 'Savepointtest', '01.02.1973', 'cleo.savepoint@example.test', club.name, 'Einzelmitglied'],
    ]);
    const { uploadId, job } = await client.importFile(file);
    expect(job.result).toMatchObject({ created: 2, refused: 1 });
    const stored = (await t.database.raw(`select firstname from persons where lastname = 'Savepointtest' order by 1`))
      .rows;
    expect(stored).toEqual([{ firstname: 'Alma' }, { firstname: 'Cleo' }]);
    const outcomes = (
      await t.database.raw(
        'select row_number, outcome, person_id is null as is_unstored from import_row_results where upload_id = $1 order by 1',
        [uploadId],
      )
    ).rows;
    expect(outcomes).toEqual([
      { row_number: 1, outcome: 'created', is_unstored: false },
      { row_number: 2, outcome: 'refused', is_unstored: true },
      { row_number: 3, outcome: 'created', is_unstored: false },
    ]);
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
