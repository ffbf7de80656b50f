import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { csv, importClient } from './import-test-support';

/**
 * The batch's plain new persons are written set-based (docs/decisions/import.md "Figures"): the
 * other rows of the batch still go one by one, and every computed column ends as the triggers
 * compute it for a form.
 */
let t: TestApp;
let adminToken: string;
let club: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  club = await createClub(t.database.db, { name: 'Batch Club' });
  const admin = await createPerson(t.database.db, { isAdmin: true });
  adminToken = (await signIn(t.app, admin.username, admin.password)).token;
});
afterAll(() => t.close());

const header = [
  'Vorname',
  'Nachname',
  'Geburtstag',
  'E-Mail (privat)',
  'Telefon (privat)',
  'Firma (geschäftlich)',
  'Strasse (geschäftlich)',
  'PLZ (geschäftlich)',
  'Ort (geschäftlich)',
  'Club',
  'Mitgliedschaftstyp',
];

const count = async (text: string, params: unknown[] = []) => Number((await t.database.raw(text, params)).rows[0]!.n);

describe('a batch of new and other rows', () => {
  it('stores plain new persons together and rows sharing an e-mail one after the other', async () => {
    const client = importClient(t.app, adminToken);
    const row = (first: string, email: string, extra: Partial<Record<number, string>> = {}) => {
      const cells = [
        first,
        'Batchtest',
        '01.02.1980',
        email,
        '+41 31 111 22 33',
        `Firma ${first} AG`,
        'Bahnhofstrasse 1',
        '3011',
        'Bern',
        club.name,
        'Einzelmitglied',
      ];
      for (const [i, v] of Object.entries(extra)) cells[Number(i)] = v!;
      return cells;
    };
    const file = csv([
      header,
      row('Anna', 'anna.batch@example.test'),
      row('Berta', 'berta.batch@example.test'),
      // Same e-mail as Anna in another case: the same person, her phone added.
      row('Anna', 'ANNA.batch@example.test', { 4: '+41 31 999 88 77' }),
      // A club nobody knows: refused, the rest goes on.
      row('Carla', 'carla.batch@example.test', { 9: 'No Such Club' }),
      // Same name and birthday as Berta, no e-mail: the same person, her phone added.
      row('Berta', '', { 4: '+41 31 555 44 33' }),
      row('Dora', 'dora.batch@example.test'),
    ]);
    const { job } = await client.importFile(file);
    expect(job.result).toMatchObject({ created: 3, updated: 2, unchanged: 0, refused: 1 });
    expect(await count(`select count(*)::int as n from persons where lastname = 'Batchtest'`)).toBe(3);
    expect(
      await count(`select count(*)::int as n from address_phones ph join persons p on p.id = ph.person_id
        where p.firstname = 'Anna' and p.lastname = 'Batchtest'`),
    ).toBe(2);
    expect(
      await count(`select count(*)::int as n from address_phones ph join persons p on p.id = ph.person_id
        where p.firstname = 'Berta' and p.lastname = 'Batchtest'`),
    ).toBe(2);

    // The same file again changes nothing.
    const again = await client.importFile(file);
    expect(again.job.result).toMatchObject({ created: 0, updated: 0, unchanged: 5, refused: 1 });
  });

  it('leaves every computed column as the triggers compute it', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => [
      `Vorname${i}`,
      'Computed',
      `${String((i % 28) + 1).padStart(2, '0')}.03.1971`,
      `computed.${i}@example.test`,
      `+41 31 ${String(2_000_000 + i).slice(-7)}`,
      `Firma ${i} AG`,
      `Hauptgasse ${i}`,
      String(4000 + i),
      'Solothurn',
      club.name,
      'Einzelmitglied',
    ]);
    const { job } = await importClient(t.app, adminToken).importFile(csv([header, ...lines]));
    expect(job.result).toMatchObject({ created: 30, refused: 0 });
    const persons = `(select * from persons where lastname = 'Computed')`;
    // Search text, sort keys and primaries.
    expect(
      await count(
        `select count(*)::int as n from ${persons} p
        where p.search_text = person_search_text(p.id, p.firstname, p.lastname)
          and p.sort_email = (select value from address_emails where id = p.primary_email_id)
          and p.sort_phone = (select value from address_phones where id = p.primary_phone_id)
          and p.sort_club = $1 and p.primary_club_id is not null and p.primary_address_id is not null
          and p.search_text like '%computed.%@example.test%' and p.search_text like '%AG%'`,
        [club.name],
      ),
    ).toBe(30);
    // The search prefixes and the address prefixes are exactly those of her text and addresses.
    const differing = async (stored: string, computed: string) =>
      count(`select count(*)::int as n from (
          (select * from ${stored} s except select * from ${computed} c)
          union all (select * from ${computed} c except select * from ${stored} s)) d`);
    expect(
      await differing(
        `(select s.prefix, s.firstname, s.lastname, s.person_id from person_search_prefixes s
          join ${persons} p on p.id = s.person_id)`,
        `(select x, coalesce(p.firstname, ''), p.lastname, p.id from ${persons} p, person_search_prefixes_of(p.search_text) x)`,
      ),
    ).toBe(0);
    expect(
      await differing(
        `(select s.kind, s.prefix, s.lastname, s.person_id from person_address_prefixes s
          join ${persons} p on p.id = s.person_id)`,
        `(select k.kind, k.prefix, p.lastname, p.id from ${persons} p, person_address_prefixes_of(p.id) k)`,
      ),
    ).toBe(0);
    // The club page's copy of her name, and the duplicate scan's queue.
    expect(
      await count(`select count(*)::int as n from club_relations r join ${persons} p on p.id = r.person_id
        where r.person_sort_name = person_sort_name(p.firstname, p.lastname) and r.person_state = p.state`),
    ).toBe(30);
    expect(
      await count(`select count(*)::int as n from duplicate_queue q join ${persons} p on p.id = q.person_id`),
    ).toBe(30);
    // One audit entry per person, address, entry and membership.
    expect(
      await count(`select count(*)::int as n from audit_entries a join ${persons} p on p.id = a.subject_person_id`),
    ).toBe(30 * 6);
  });
});
