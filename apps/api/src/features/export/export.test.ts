import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createMembership,
  createPerson,
  injectAs,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressEmails, addressPhones, addresses } from '../../db/schema/addresses';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';
import { translate } from '../../platform/i18n';

/** The first sheet of an xlsx as rows of cell values (header first). */
async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET export (spec 01 §6, §7 "Export")', () => {
  let t: TestApp;
  let clubA: { id: string; name: string };
  let clubB: { id: string; name: string };
  let admin: ReturnType<typeof injectAs>;
  let manager: ReturnType<typeof injectAs>;
  let anna: CreatedPerson;
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const download = async (call: ReturnType<typeof injectAs>, query: string) => {
    const res = await call({ url: `/api/v1/export?${query}` });
    return { res, rows: res.statusCode === 200 ? await readSheet(res.rawPayload) : [] };
  };
  const lastnames = (rows: unknown[][], column: number) =>
    rows
      .slice(1)
      .map((r) => r[column])
      .sort();

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-05-04T08:00:00Z') });
    const db = t.database.db;
    clubA = await createClub(db, { name: 'BPW Aarau' });
    clubB = await createClub(db, { name: 'BPW Biel' });
    anna = await createPerson(db, {
      clubId: clubA.id,
      firstname: 'Anna',
      lastname: '=HYPERLINK("http://evil")',
      languageCode: 'fr',
      birthday: '1985-02-03',
    });
    const [address] = await db
      .insert(addresses)
      .values({
        personId: anna.id,
        label: 'Büro',
        company: '@SUM(A1)',
        // A topic's number, as older and demo data hold it (issue 26).
        mainCompetence: '10',
        street: 'Bahnhofstrasse 1',
        zip: '5000',
        city: 'Aarau',
      })
      .returning();
    const [email] = await db
      .insert(addressEmails)
      .values({ addressId: address!.id, personId: anna.id, value: 'anna@example.test' })
      .returning();
    const [phone] = await db
      .insert(addressPhones)
      .values({ addressId: address!.id, personId: anna.id, value: '+41 62 000 00 00' })
      .returning();
    await db
      .update(persons)
      .set({
        salutation: 0,
        bpwCourier: 10,
        primaryAddressId: address!.id,
        primaryEmailId: email!.id,
        primaryPhoneId: phone!.id,
      })
      .where(eq(persons.id, anna.id));
    await createMembership(db, { personId: anna.id, clubId: clubB.id, type: 'board' });
    await createPerson(db, { clubId: clubA.id, firstname: 'Ines', lastname: 'Interessiert', type: 'interested' });
    await createPerson(db, { clubId: clubA.id, lastname: 'Archiviert', state: 90 });
    await createPerson(db, { clubId: clubA.id, lastname: 'Ehemalig', to: '2026-01-31' });
    await createPerson(db, { clubId: clubB.id, lastname: 'Bielerin' });
    admin = await as(await createPerson(db, { isAdmin: true, lastname: 'Admin' }));
    manager = await as(await createPerson(db, { clubId: clubA.id, type: 'database', lastname: 'Managerin' }));
  });
  afterAll(() => t.close());

  it('streams all data of a club’s persons as xlsx, localised and with formulas neutralised', async () => {
    const { res, rows } = await download(admin, `OutputFormat=0&Clubs=${clubA.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="export-allData-2026-05-04.xlsx"');
    const header = rows[0]!;
    expect(header.slice(0, 6)).toEqual([
      'Anrede',
      'Titel',
      'Vorname',
      'Nachname',
      'Geburtsdatum',
      'Korrespondenzsprache',
    ]);
    expect(header).toHaveLength(31);
    expect(lastnames(rows, 3)).toEqual(['\'=HYPERLINK("http://evil")', 'Interessiert', 'Managerin']);

    const cell = (name: string) => rows.find((r) => String(r[3]).includes('HYPERLINK'))![header.indexOf(name)];
    expect(cell('Anrede')).toBe('Frau');
    expect(cell('Korrespondenzsprache')).toBe('Französisch');
    expect(cell('BPW Courier')).toBe('Digital (per E-Mail)');
    expect(cell('Geburtsdatum')).toEqual(new Date('1985-02-03T00:00:00Z'));
    expect(cell('Hauptclub')).toBe('BPW Aarau');
    expect(cell('Clubrollen')).toBe('BPW Aarau: Einzelmitglied; BPW Biel: Vorstandsmitglied');
    expect(cell('Firma')).toBe("'@SUM(A1)");
    expect(cell('Land')).toBe('Schweiz');
    expect(cell('E-Mail')).toBe('anna@example.test');
    expect(cell('Telefon')).toBe('+41 62 000 00 00');
    expect(cell('Coach')).toBe('Nein');
    expect(cell('Hauptkompetenz')).toBe(translate('de-CH', 'enum.competenceTopic.companyManagementLarge'));
  });

  it('writes each format’s columns', async () => {
    const headers = async (format: number) => (await download(admin, `OutputFormat=${format}`)).rows[0];
    expect(await headers(10)).toEqual(['Vorname', 'Nachname', 'E-Mail', 'Korrespondenzsprache', 'Hauptclub']);
    expect(await headers(20)).toEqual([
      'Anrede',
      'Titel',
      'Vorname',
      'Nachname',
      'Firma',
      'Adresszeile 1',
      'Adresszeile 2',
      'Strasse',
      'PLZ',
      'Ort',
      'Land',
      'BPW Courier',
      'Korrespondenzsprache',
    ]);
    expect(await headers(30)).toEqual(['Vorname', 'Nachname', 'Hauptclub', 'Firma', 'Funktion']);
    expect(await headers(40)).toEqual([
      'Anrede',
      'Titel',
      'Vorname',
      'Nachname',
      'Hauptclub',
      'Clubrollen',
      'Korrespondenzsprache',
      'E-Mail',
    ]);
    // The e-mail list holds only persons with a primary e-mail.
    expect((await download(admin, `OutputFormat=10&Clubs=${clubA.id}`)).rows.slice(1)).toEqual([
      ['Anna', '\'=HYPERLINK("http://evil")', 'anna@example.test', 'Französisch', 'BPW Aarau'],
    ]);
  });

  it('writes headers and values in the exporting person’s language', async () => {
    const english = await as(await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' }));
    const { rows } = await download(english, `OutputFormat=20&Clubs=${clubA.id}&LanguageCodes=fr`);
    expect(rows).toEqual(
      [
        [
          'Salutation',
          'Title',
          'First name',
          'Last name',
          'Company',
          'Address line 1',
          'Address line 2',
          'Street',
          'ZIP',
          'City',
          'Country',
          'BPW Courier',
          'Correspondence language',
        ],
        [
          'Mrs.',
          null,
          'Anna',
          '\'=HYPERLINK("http://evil")',
          "'@SUM(A1)",
          null,
          null,
          'Bahnhofstrasse 1',
          '5000',
          'Aarau',
          'Switzerland',
          'Digital (by email)',
          'French',
        ].map((v) => v ?? undefined),
      ].map((row) => row.map((v) => v ?? undefined)),
    );
  });

  it('filters by person options, languages and courier; onlyMainData ignores the person options', async () => {
    const options = (query: string) => download(admin, `Clubs=${clubA.id}&${query}`).then((d) => lastnames(d.rows, 3));
    expect(await options('OutputFormat=0&PersonOptions=30')).toEqual(['Interessiert']);
    // the manager (database 120) is neither
    expect(await options('OutputFormat=0&PersonOptions=30&PersonOptions=0')).toEqual([
      '\'=HYPERLINK("http://evil")',
      'Interessiert',
    ]);
    expect(await options('OutputFormat=0&PersonOptions=70')).toEqual(['Ehemalig']);
    expect(await options('OutputFormat=0&LanguageCodes=fr&LanguageCodes=it')).toHaveLength(1);
    expect(await options('OutputFormat=0&BpwCourier=10')).toHaveLength(1);
    expect(await download(admin, 'OutputFormat=40&PersonOptions=30').then((d) => d.rows.length - 1)).toBeGreaterThan(3);
  });

  it('gives club managers only the persons of their clubs, and never onlyMainData', async () => {
    expect(lastnames((await download(manager, 'OutputFormat=0')).rows, 3)).toEqual([
      '\'=HYPERLINK("http://evil")',
      'Interessiert',
      'Managerin',
    ]);
    expect((await download(manager, `OutputFormat=0&Clubs=${clubB.id}`)).rows).toEqual([expect.any(Array)]);
    const mainData = await download(manager, 'OutputFormat=40');
    expect(mainData.res.statusCode).toBe(403);
    expect(mainData.res.json().errors).toEqual(['Dieses Exportformat steht Ihnen nicht zur Verfügung.']);
    const adminFilter = await download(manager, 'OutputFormat=0&PersonOptions=80&BpwCourier=0');
    expect(adminFilter.res.statusCode).toBe(400);
    expect(adminFilter.res.json().errors).toEqual([
      'Personenfilter: Dieser Filter steht nur Administratorinnen zur Verfügung.',
      'BPW Courier: Dieser Filter steht nur Administratorinnen zur Verfügung.',
    ]);
  });

  it('limits the committee to main data of every club, and refuses members', async () => {
    const committee = await as(await createPerson(t.database.db, { isCentralCommittee: true }));
    expect((await download(committee, 'OutputFormat=0')).res.statusCode).toBe(403);
    const main = await download(committee, 'OutputFormat=40');
    expect(lastnames(main.rows, 3)).toEqual(expect.arrayContaining(['Bielerin', 'Interessiert', 'Managerin']));
    const member = await as(await createPerson(t.database.db, { clubId: clubA.id }));
    expect((await download(member, 'OutputFormat=10')).res.statusCode).toBe(403);
    const missing = await download(admin, 'Clubs=x');
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json().errors).toEqual(['Ausgabeformat darf nicht leer sein.', 'Clubs ist ungültig.']);
  });

  it('records who exported what, without personal data', async () => {
    await download(admin, `OutputFormat=30&Clubs=${clubA.id}&PersonOptions=0`);
    // Written once the file is done, which is just after the response ended.
    const exported = () => t.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'exported'));
    await expect
      .poll(async () => (await exported()).map((e) => e.details))
      .toContainEqual({
        outputFormat: 30,
        personOptions: [0],
        clubIds: [clubA.id],
        languageCodes: [],
        bpwCourier: [],
        rowCount: 2,
        isComplete: true,
      });
    expect((await exported())[0]).toMatchObject({ entity: 'persons', entityId: null });
  });

  it('exports more persons than one batch holds, each once', async () => {
    const db = t.database.db;
    const big = await createClub(db);
    const rows = Array.from({ length: 2345 }, (_, i) => ({ lastname: `Batch ${String(i).padStart(4, '0')}` }));
    const ids = await db.insert(persons).values(rows).returning({ id: persons.id });
    await db
      .insert(clubRelations)
      .values(ids.map(({ id }) => ({ personId: id, clubId: big.id, type: 0, from: '2020-01-01' })));
    const { rows: sheet } = await download(admin, `OutputFormat=30&Clubs=${big.id}`);
    const names = sheet.slice(1).map((r) => r[1]);
    expect(names).toHaveLength(2345);
    expect(new Set(names).size).toBe(2345);
  });
});
