import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createMembership,
  createPerson,
  injectAs,
  isoDay,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

type Item = {
  id: string;
  personId: string;
  type: number;
  from: string;
  to: string | null;
  person: { firstname: string | null; lastname: string };
};
type Page = { items: Item[]; total: number };

/** GET club/{id}/person as a paged, sorted, searchable list of one group (issue 24). */
describe('GET club/{id}/person: the club page at a million', () => {
  let t: TestApp;
  let admin: CreatedPerson;
  let outsider: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    outsider = await createPerson(t.database.db, { clubId: (await createClub(t.database.db)).id, languageCode: 'en' });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) => {
    const inject = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
    return async (clubId: string, query = '') => {
      const res = await inject({ url: `/api/v1/club/${clubId}/person${query ? `?${query}` : ''}` });
      return { status: res.statusCode, body: res.json() as Page & { errors?: string[] } };
    };
  };

  /** `count` members without accounts, inserted in one statement each (the triggers fill the sort name). */
  async function bulkClub(count: number) {
    const db = t.database.db;
    const club = await createClub(db);
    const rows = await db
      .insert(persons)
      .values(
        Array.from({ length: count }, (_, i) => ({
          firstname: `F${String(i % 7).padStart(2, '0')}`,
          lastname: `L${String((i * 37) % count).padStart(4, '0')}`,
        })),
      )
      .returning({ id: persons.id });
    await db.insert(clubRelations).values(
      rows.map((p, i) => ({
        personId: p.id,
        clubId: club.id,
        type: i % 4,
        from: `20${String(10 + (i % 15)).padStart(2, '0')}-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      })),
    );
    return club;
  }

  it('answers a page, never the whole club: 300 members, 20 a page, total 300', async () => {
    const club = await bulkClub(300);
    const get = await as(outsider);
    const first = await get(club.id);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.total).toBe(300);
    expect((await get(club.id, 'PerPage=100&Page=2')).body.items).toHaveLength(100);
    expect((await get(club.id, 'PerPage=100&Page=3')).body).toEqual({ items: [], total: 300 });
    expect((await get(club.id, 'PerPage=7&Page=42')).body.items).toHaveLength(6);
  });

  it('sorts by name and by from, both directions, and the pages tile the list', async () => {
    const club = await bulkClub(120);
    const get = await as(admin);
    const all = async (query: string) => {
      const items: Item[] = [];
      for (let page = 0; page < 3; page++)
        items.push(...(await get(club.id, `${query}&PerPage=50&Page=${page}`)).body.items);
      return items;
    };
    const byName = await all('SortBy=name');
    expect(byName).toHaveLength(120);
    expect(new Set(byName.map((i) => i.id)).size).toBe(120);
    const names = byName.map((i) => `${i.person.lastname} ${i.person.firstname}`);
    expect(names).toEqual([...names].sort());
    const byNameDesc = await all('SortBy=name&SortDesc=true');
    expect(byNameDesc.map((i) => i.id)).toEqual([...byName].reverse().map((i) => i.id));
    const byFrom = await all('SortBy=from');
    const froms = byFrom.map((i) => i.from);
    expect(froms).toEqual([...froms].sort());
    const byFromDesc = await all('SortBy=from&SortDesc=true');
    expect(byFromDesc.map((i) => i.id)).toEqual([...byFrom].reverse().map((i) => i.id));
    // Without SortBy: by name.
    expect((await get(club.id, 'PerPage=50')).body.items.map((i) => i.id)).toEqual(
      byName.slice(0, 50).map((i) => i.id),
    );
  });

  it('sorts like the person list: lastname first, then firstname, persons without one last', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const made = async (lastname: string, firstname?: string) =>
      (await createPerson(db, { clubId: club.id, lastname, hasAccount: false, ...(firstname ? { firstname } : {}) }))
        .id;
    const kellerZoe = await made('Keller', 'Zoe');
    const kellerhals = await made('Kellerhals', 'Anna');
    const kellerAnna = await made('Keller', 'Anna');
    const [noFirstname] = await db.insert(persons).values({ firstname: null, lastname: 'Keller' }).returning();
    await createMembership(db, { personId: noFirstname!.id, clubId: club.id });
    const res = await (await as(admin))(club.id, 'SortBy=name');
    expect(res.body.items.map((i) => i.personId)).toEqual([kellerAnna, kellerZoe, noFirstname!.id, kellerhals]);
  });

  it('searches every word in first and last name, case-insensitive, wildcards literal', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const ida = await createPerson(db, {
      clubId: club.id,
      firstname: 'Ida',
      lastname: 'Keller-Huber',
      hasAccount: false,
    });
    const eva = await createPerson(db, {
      clubId: club.id,
      firstname: 'Eva',
      lastname: 'Kellerhals',
      hasAccount: false,
    });
    await createPerson(db, { clubId: club.id, firstname: 'Rita', lastname: 'Rossi', hasAccount: false });
    const get = await as(outsider);
    const ids = async (name: string) =>
      (await get(club.id, `Name=${encodeURIComponent(name)}`)).body.items.map((i) => i.personId).sort();
    expect(await ids('KELL')).toEqual([ida.id, eva.id].sort());
    expect(await ids('huber')).toEqual([ida.id]);
    expect(await ids('  eva   kell ')).toEqual([eva.id]);
    expect(await ids('eva huber')).toEqual([]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    const counted = await get(club.id, 'Name=kell&PerPage=1');
    expect(counted.body).toMatchObject({ total: 2 });
    expect(counted.body.items).toHaveLength(1);
  });

  it('splits roles from members and active from inactive relations', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const person = async (type: string | number, from = '2020-01-01', to: string | null = null) =>
      (await createPerson(db, { clubId: club.id, type: type as never, from, to, hasAccount: false })).id;
    const single = await person('single');
    const company = await person('company');
    const ended = await person('single', '2015-01-01', isoDay(-1));
    const future = await person('collective', isoDay(10));
    const endsToday = await person('singleNoFee', '2019-01-01', isoDay(0));
    const president = await person('president');
    const interested = await person('interested');
    const formerBoard = await person('board', '2010-01-01', '2012-12-31');
    const other = await person(500);
    const get = await as(outsider);
    const ids = async (query: string) => (await get(club.id, query)).body.items.map((i) => i.personId).sort();
    const sorted = (...list: string[]) => list.sort();
    expect(await ids('Group=members')).toEqual(sorted(single, company, ended, future, endsToday));
    expect(await ids('Group=members&IsActive=true')).toEqual(sorted(single, company, endsToday));
    expect(await ids('Group=members&IsActive=false')).toEqual(sorted(ended, future));
    expect(await ids('Group=roles')).toEqual(sorted(president, interested, formerBoard, other));
    expect(await ids('Group=roles&IsActive=true')).toEqual(sorted(president, interested, other));
    const inactiveRoles = await get(club.id, 'Group=roles&IsActive=false');
    expect(inactiveRoles.body).toMatchObject({
      total: 1,
      items: [{ personId: formerBoard, type: 100, to: '2012-12-31' }],
    });
    expect(await ids('')).toEqual(await ids('Group=members'));
    expect(await ids('Group=roles&Types=110&Types=500&IsActive=true')).toEqual(sorted(president, other));
    expect(await ids('Group=roles&Types=100')).toEqual([formerBoard]);
    expect(await ids('Group=members&Types=110')).toEqual([]);
  });

  it('refuses PerPage 0 and other bad parameters with a localised 400', async () => {
    const club = await createClub(t.database.db);
    const get = await as(outsider);
    const cases: [string, string[]][] = [
      ['PerPage=0', ['Entries per page must be between 1 and 100.']],
      ['PerPage=101', ['Entries per page must be between 1 and 100.']],
      ['PerPage=-1', ['Entries per page is no valid integer']],
      ['Page=x', ['Page is no valid integer']],
      ['Group=all', ['Group is invalid.']],
      ['IsActive=yes', ['Active is no valid boolean text value']],
      ['SortBy=birthday', ['Sort is invalid.']],
      ['Types=7', ['Membership types is invalid.']],
      [`Name=${'x'.repeat(201)}`, ['Search text is too long.']],
    ];
    for (const [query, errors] of cases) {
      const res = await get(club.id, query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors, query).toEqual(errors);
    }
    const german = await t.app.inject({
      url: `/api/v1/club/${club.id}/person?PerPage=0`,
      headers: {
        authorization: `Bearer ${(await signIn(t.app, outsider.username, outsider.password)).token}`,
        'accept-language': 'de-CH',
      },
    });
    expect(german.statusCode).toBe(400);
    expect(german.headers['content-type']).toContain('application/problem+json');
  });

  it('keeps the rule of the whole list: archived persons for admins and the club’s managers only', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const active = await createPerson(db, { clubId: club.id, lastname: 'Aktiv', hasAccount: false });
    const archived = await createPerson(db, { clubId: club.id, lastname: 'Archiviert', state: 90, hasAccount: false });
    const manager = await createPerson(db, { clubId: club.id, type: 'database' });
    const otherManager = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    const member = await createPerson(db, { clubId: club.id });
    const ids = async (caller: CreatedPerson) =>
      (await (await as(caller))(club.id, 'Group=members&PerPage=100')).body.items.map((i) => i.personId);
    for (const caller of [admin, manager]) {
      expect(await ids(caller)).toEqual(expect.arrayContaining([active.id, archived.id]));
    }
    for (const caller of [member, otherManager, outsider]) {
      const seen = await ids(caller);
      expect(seen).toContain(active.id);
      expect(seen).not.toContain(archived.id);
    }
    expect((await (await as(member))(club.id, 'Group=members')).body.total).toBe(2);
    expect((await (await as(member))('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/club/${club.id}/person` })).statusCode).toBe(401);
  });

  it('follows a renamed, archived or reactivated person in the same transaction', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const a = await createPerson(db, { clubId: club.id, lastname: 'Aebi', hasAccount: false });
    const b = await createPerson(db, { clubId: club.id, lastname: 'Bühler', hasAccount: false });
    const get = await as(outsider);
    const order = async () => (await get(club.id, 'SortBy=name')).body.items.map((i) => i.personId);
    expect(await order()).toEqual([a.id, b.id]);
    await db.update(persons).set({ lastname: 'Zürcher' }).where(eq(persons.id, a.id));
    expect(await order()).toEqual([b.id, a.id]);
    expect((await get(club.id, 'Name=zürch')).body.total).toBe(1);
    await db.update(persons).set({ state: 90 }).where(eq(persons.id, b.id));
    expect(await order()).toEqual([a.id]);
    await db.update(persons).set({ state: 0 }).where(eq(persons.id, b.id));
    expect(await order()).toEqual([b.id, a.id]);
  });
});
