import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createClub, createPerson, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { csv, importClient, xlsx } from './import-test-support';

let t: TestApp;
let adminToken: string;
let club: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  club = await createClub(t.database.db, { name: 'Bern Import' });
  const admin = await createPerson(t.database.db, { isAdmin: true });
  adminToken = (await signIn(t.app, admin.username, admin.password)).token;
});
afterAll(() => t.close());

const header = ['Vorname', 'Nachname', 'Geburtstag', 'E-Mail', 'Club', 'Mitgliedschaftstyp', 'Mitglied seit'];

async function personCount(lastname: string) {
  const { rows } = await t.database.raw('select count(*)::int as n from persons where lastname = $1', [lastname]);
  return Number(rows[0]!.n);
}

describe('import of a CSV file', () => {
  it('proposes a mapping from German headers, detects the separator, previews and imports', async () => {
    const client = importClient(t.app, adminToken);
    const file = csv([
      header,
      ['Zora', 'Csvtest', '17.05.1980', 'zora.csv@example.test', club.name, 'Einzelmitglied', '01.01.2020'],
      ['Yara', 'Csvtest', '1985-03-02', '', club.name, '1', ''],
      ['Xena', '', '01.01.1990', '', club.name, '1', ''],
    ]);
    const uploaded = await client.upload(file);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const upload = uploaded.json();
    expect(upload).toMatchObject({ format: 'csv', delimiter: ';', encoding: 'utf-8', rowCount: 3 });
    expect(upload.mapping).toEqual({
      '0': 'firstname',
      '1': 'lastname',
      '2': 'birthday',
      '3': 'address.email',
      '4': 'club',
      '5': 'membershipType',
      '6': 'membershipFrom',
    });

    const preview = await client.preview(upload.id, upload.mapping);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().items.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'created', 'refused']);
    expect(preview.json().items[0].values.birthday).toBe('17.05.1980');
    expect(await personCount('Csvtest')).toBe(0); // the preview stores nothing

    const run = await client.run(upload.id, upload.mapping);
    expect(run.statusCode, run.body).toBe(202);
    await t.app.jobs.runOnce();
    const job = (await client.job(run.json().jobId)).json();
    expect(job).toMatchObject({
      state: 'done',
      done: 3,
      total: 3,
      result: { created: 2, refused: 1, updated: 0, unchanged: 0 },
    });
    expect(await personCount('Csvtest')).toBe(2);

    const result = await client.result(upload.id);
    expect(result.statusCode).toBe(200);
    const lines = result.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Import-Ergebnis');
    expect(lines[1]).toMatch(/erstellt$/);
    expect(lines[3]).toMatch(/abgelehnt/);
  });

  it('changes nothing when the same file is imported again', async () => {
    const client = importClient(t.app, adminToken);
    const file = csv([
      header,
      ['Wanda', 'Twice', '02.02.1982', 'wanda@example.test', club.name, 'Einzelmitglied', '01.01.2021'],
      ['Vera', 'Twice', '03.03.1983', '', club.name, 'single', '01.01.2021'],
    ]);
    const first = await client.importFile(file);
    expect(first.job.result).toMatchObject({ created: 2 });
    const audit = await t.database.raw(`select count(*)::int as n from audit_entries`);
    const second = await client.importFile(file);
    expect(second.job.result).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    const after = await t.database.raw(`select count(*)::int as n from audit_entries`);
    // Only the import's own two entries (started, finished): no person was touched.
    expect(Number(after.rows[0]!.n) - Number(audit.rows[0]!.n)).toBe(2);
  });

  it('reads Windows-1252 and tab-separated files', async () => {
    const client = importClient(t.app, adminToken);
    const text = ['Vorname\tNachname\tGeburtstag', 'Chloé\tMüller–Ölz\t04.04.1984'].join('\r\n');
    const res = await client.upload(iconv.encode(text, 'win1252'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      encoding: 'windows-1252',
      delimiter: '\t',
      headers: ['Vorname', 'Nachname', 'Geburtstag'],
    });
    const preview = (await client.preview(res.json().id, res.json().mapping)).json();
    expect(preview.items[0].values).toMatchObject({ firstname: 'Chloé', lastname: 'Müller–Ölz' });
  });

  it('reads UTF-8 with a byte order mark and comma separators', async () => {
    const client = importClient(t.app, adminToken);
    const res = await client.upload(Buffer.from('\uFEFFfirstname,lastname\nAda,Bom', 'utf8'));
    expect(res.json()).toMatchObject({ encoding: 'utf-8', delimiter: ',', headers: ['firstname', 'lastname'] });
  });
});

describe('import of an xlsx file', () => {
  it('imports persons with addresses, languages and enum labels in any language', async () => {
    const client = importClient(t.app, adminToken);
    const file = await xlsx([
      [
        'Prénom',
        'Nom',
        'Date de naissance',
        'Langue de correspondance',
        'Gesprochene Sprachen',
        'E-Mail (privat)',
        'Téléphone (professionnel)',
        'Entreprise (professionnel)',
        'Club',
        'Membership type',
      ],
      [
        'Louise',
        'Xlsxtest',
        new Date(Date.UTC(1979, 6, 14)),
        'Français',
        'Deutsch, fr',
        'louise@example.test',
        '+41 31 000 00 00',
        'Atelier SA',
        club.name,
        'Individual member',
      ],
    ]);
    const { job } = await client.importFile(file, { filename: 'members.xlsx' });
    expect(job.result, JSON.stringify(job)).toMatchObject({ created: 1, refused: 0 });
    const { rows } = await t.database.raw(
      `select p.birthday::text, p.language_code, a.address_type, a.company,
         (select array_agg(language_code order by language_code) from person_spoken_languages s where s.person_id = p.id)::text as langs
       from persons p join addresses a on a.person_id = p.id where p.lastname = 'Xlsxtest' order by a.address_type`,
    );
    expect(rows).toMatchObject([
      { birthday: '1979-07-14', language_code: 'fr', address_type: 0, company: null, langs: '{de,fr}' },
      { address_type: 10, company: 'Atelier SA' },
    ]);
  });

  it('reads shared strings, repeated and rich, as Excel saves them', async () => {
    const client = importClient(t.app, adminToken);
    // exceljs writes text cells to the shared-string table, as Excel does: the reader packs it.
    const lastname = { richText: [{ text: 'Rich' }, { font: { bold: true }, text: 'textüé' }] };
    const file = await xlsx([
      ['Vorname', 'Nachname', 'Geburtstag', 'Club', 'Mitgliedschaftstyp'],
      ['Zoë', lastname, '01.02.1980', club.name, 'Einzelmitglied'],
      ['Zoë', 'Sharedtest', '01.02.1980', club.name, 'Einzelmitglied'],
    ]);
    const { job } = await client.importFile(file, { filename: 'shared.xlsx' });
    expect(job.result, JSON.stringify(job)).toMatchObject({ created: 2, refused: 0 });
    const { rows } = await t.database.raw(
      `select firstname, lastname, birthday::text from persons where lastname in ('Richtextüé', 'Sharedtest')
       order by lastname`,
    );
    expect(rows).toEqual([
      { firstname: 'Zoë', lastname: 'Richtextüé', birthday: '1980-02-01' },
      { firstname: 'Zoë', lastname: 'Sharedtest', birthday: '1980-02-01' },
    ]);
  });

  it('refuses a file with formulas and stores nothing', async () => {
    const client = importClient(t.app, adminToken);
    const file = await xlsx([['Nachname'], [{ formula: '1+1', result: 2 }]]);
    const res = await client.upload(file);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/Formeln.*A2/);
  });
});

describe('bad input', () => {
  it('refuses what is not a spreadsheet, an empty file and a column mapped twice', async () => {
    const client = importClient(t.app, adminToken);
    const png = await client.upload(Buffer.from([137, 80, 78, 71, 0, 0, 0, 0]));
    expect(png.statusCode).toBe(415);
    const empty = await client.upload(Buffer.from('Nachname\n'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatch(/keine Zeilen/);
    const ok = (
      await client.upload(
        csv([
          ['Nachname', 'Name'],
          ['A', 'B'],
        ]),
      )
    ).json();
    const twice = await client.run(ok.id, { '0': 'lastname', '1': 'lastname' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatch(/Nachname.*mehreren Spalten/);
    const { rows } = await t.database.raw('select count(*)::int as n from jobs where kind = $1 and params->>$2 = $3', [
      'import',
      'uploadId',
      ok.id,
    ]);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('refuses a file over 50 MB and a line over 10 MB', async () => {
    const client = importClient(t.app, adminToken);
    const longLine = Buffer.concat([
      Buffer.from('Nachname\n"'),
      Buffer.alloc(10 * 1024 * 1024 + 10, 'a'),
      Buffer.from('"\n'),
    ]);
    const res = await client.upload(longLine);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/Zeile.*länger als 10 MB/);
    const huge = await client.upload(Buffer.alloc(50 * 1024 * 1024 + 1, 'a'));
    expect(huge.statusCode).toBe(413);
  }, 60_000);
});

describe('who imports', () => {
  it('lets a club manager import only into clubs she manages', async () => {
    const other = await createClub(t.database.db, { name: 'Zürich Fremd' });
    const manager = await createPerson(t.database.db, { clubId: club.id, type: 'database' });
    const token = (await signIn(t.app, manager.username, manager.password)).token;
    const client = importClient(t.app, token);
    const file = csv([header, ['Ulla', 'Managed', '05.05.1985', '', other.name, '1', '']]);
    const upload = (await client.upload(file)).json();
    const refused = await client.run(upload.id, upload.mapping);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toContain('Zürich Fremd');
    const noClub = await client.run(upload.id, { '0': 'firstname', '1': 'lastname' });
    expect(noClub.statusCode).toBe(400);

    const own = csv([header, ['Ulla', 'Managed', '05.05.1985', '', club.name, '1', '']]);
    const { job } = await client.importFile(own);
    expect(job.result).toMatchObject({ created: 1 });

    const member = await createPerson(t.database.db, { clubId: club.id });
    const memberToken = (await signIn(t.app, member.username, member.password)).token;
    expect((await importClient(t.app, memberToken).upload(own)).statusCode).toBe(403);
    // Nobody else sees the manager's job.
    const jobs = await t.database.db.execute(sql`select id from jobs where owner_person_id = ${manager.id}`);
    const jobId = (jobs as unknown as { rows: { id: string }[] }).rows[0]!.id;
    expect((await importClient(t.app, memberToken).job(jobId)).statusCode).toBe(404);
    expect((await importClient(t.app, adminToken).job(jobId)).statusCode).toBe(200);
  });
});
