import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createMembership, createPerson, injectAs, isoDay, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressEmails, addressPhones, addresses } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';

describe('GET person: items, sorting, paging, statements per request', () => {
  let t: TestApp;
  let statements: string[] = [];
  let clubId: string;
  let list: (query: string) => ReturnType<ReturnType<typeof injectAs>>;
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query) => statements.push(query) });
    clubId = (await createClub(t.database.db, { name: 'BPW Luzern' })).id;
    const admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    const inject = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    list = (query) => inject({ url: `/api/v1/person?${query}` });
  });
  afterAll(() => t.close());

  it('answers the list item of spec 01 §3 with primary club, e-mail and phone', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { clubId, firstname: 'Zita', lastname: 'Item', languageCode: 'it' });
    const [address] = await db.insert(addresses).values({ personId: person.id, label: 'Home' }).returning();
    const [email] = await db
      .insert(addressEmails)
      .values({ addressId: address!.id, personId: person.id, value: 'zita@example.test' })
      .returning();
    const [phone] = await db
      .insert(addressPhones)
      .values({ addressId: address!.id, personId: person.id, value: '+41 41 000 00 00' })
      .returning();
    await db
      .update(persons)
      .set({ primaryEmailId: email!.id, primaryPhoneId: phone!.id })
      .where(eq(persons.id, person.id));
    const res = await list(`Clubs=${clubId}&Lastname=Item`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: person.id,
          firstname: 'Zita',
          lastname: 'Item',
          avatarId: null,
          primaryClub: { id: clubId, name: 'BPW Luzern' },
          primaryEmail: { value: 'zita@example.test' },
          primaryPhone: { value: '+41 41 000 00 00' },
          state: 0,
          languageCode: 'it',
        },
      ],
      total: 1,
    });
  });

  it('filters by courier type for admins and refuses the filter to others (spec 01 §2)', async () => {
    const db = t.database.db;
    const printed = await createPerson(db, { clubId, lastname: 'Courierprint' });
    const digital = await createPerson(db, { clubId, lastname: 'Courierdigital' });
    await db.update(persons).set({ bpwCourier: 0 }).where(eq(persons.id, printed.id));
    await db.update(persons).set({ bpwCourier: 10 }).where(eq(persons.id, digital.id));
    const res = await list(`Clubs=${clubId}&Lastname=Courier&BpwCourier=10`);
    expect(res.json().items.map((p: { id: string }) => p.id)).toEqual([digital.id]);
    const member = await createPerson(db, { clubId });
    const asMember = injectAs(t.app, (await signIn(t.app, member.username, member.password)).token);
    const refused = await asMember({ url: `/api/v1/person?BpwCourier=10` });
    expect(refused.statusCode).toBe(400);
  });

  describe('sorting and paging', () => {
    let ids: string[];
    let sortClub: string;
    beforeAll(async () => {
      sortClub = (await createClub(t.database.db)).id;
      const names: [string, string][] = [
        ['Berta', 'Zeller'],
        ['Anna', 'Meier'],
        ['Anna', 'Ammann'],
        ['Clara', 'Meier'],
        ['Anna', 'Meier'],
      ];
      ids = [];
      for (const [firstname, lastname] of names) {
        ids.push((await createPerson(t.database.db, { clubId: sortClub, firstname, lastname })).id);
      }
    });
    const page = async (query: string) => {
      const res = await list(`Clubs=${sortClub}&${query}`);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      return res.json() as { items: { id: string; firstname: string; lastname: string }[]; total: number };
    };
    const names = (body: { items: { firstname: string; lastname: string }[] }) =>
      body.items.map((p) => `${p.firstname} ${p.lastname}`);

    it('sorts by firstname then lastname by default, and by id between equals', async () => {
      const body = await page('PerPage=0');
      expect(names(body)).toEqual(['Anna Ammann', 'Anna Meier', 'Anna Meier', 'Berta Zeller', 'Clara Meier']);
      const twins = body.items.filter((p) => p.lastname === 'Meier' && p.firstname === 'Anna').map((p) => p.id);
      expect(twins).toEqual([ids[1]!, ids[4]!].sort());
    });

    it('answers "all" (PerPage 0) only up to LIST_ALL_LIMIT persons, and asks to narrow a larger list', async () => {
      const limit = t.config.listAllLimit;
      try {
        t.config.listAllLimit = 5;
        expect((await page('PerPage=0')).total).toBe(5);
        t.config.listAllLimit = 4;
        const res = await list(`Clubs=${sortClub}&PerPage=0`);
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json().errors).toEqual([
          'The selection has more than 4 entries and cannot be shown at once. Please narrow it or page through it.',
        ]);
        // Without PerPage ("all" too) the same; a page of it is answered.
        expect((await list(`Clubs=${sortClub}`)).statusCode).toBe(400);
        expect((await page('PerPage=10')).items).toHaveLength(5);
      } finally {
        t.config.listAllLimit = limit;
      }
    });

    it('sorts by several keys, each with its own direction', async () => {
      const body = await page('SortBy=lastname&SortDesc=true&SortBy=firstname&SortDesc=true&PerPage=0');
      expect(names(body)).toEqual(['Berta Zeller', 'Clara Meier', 'Anna Meier', 'Anna Meier', 'Anna Ammann']);
      const ascending = await page('SortBy=lastname&SortBy=firstname&PerPage=0');
      expect(names(ascending)).toEqual(['Anna Ammann', 'Anna Meier', 'Anna Meier', 'Clara Meier', 'Berta Zeller']);
    });

    it('sorts a page by primary club, e-mail, phone and state, both ways, empty values last', async () => {
      const db = t.database.db;
      const [berta, meier1, ammann, clara, meier2] = ids as [string, string, string, string, string];
      // Who shows which primary club, e-mail, phone and state (null: none).
      const seeds: [string, string, string | null, string | null, string | null, number][] = [
        [berta, 'Berta Zeller', 'Sort Bern', 'e@sort.test', '+41 79 000 00 03', 0],
        [meier1, 'Anna Meier 1', 'Sort Aarau', null, '+41 79 000 00 01', 90],
        [ammann, 'Anna Ammann', null, 'a@sort.test', null, 0],
        [clara, 'Clara Meier', 'Sort Zug', 'c@sort.test', '+41 79 000 00 02', 90],
        [meier2, 'Anna Meier 2', 'Sort Chur', null, null, 0],
      ];
      for (const [personId, , club, emailValue, phoneValue, state] of seeds) {
        const [address] = await db.insert(addresses).values({ personId, label: 'Home' }).returning();
        const entry = { addressId: address!.id, personId };
        const [email] = emailValue
          ? await db
              .insert(addressEmails)
              .values({ ...entry, value: emailValue })
              .returning()
          : [];
        const [phone] = phoneValue
          ? await db
              .insert(addressPhones)
              .values({ ...entry, value: phoneValue })
              .returning()
          : [];
        const primaryClubId = club ? (await createClub(db, { name: club })).id : null;
        await db
          .update(persons)
          .set({ primaryClubId, primaryEmailId: email?.id ?? null, primaryPhoneId: phone?.id ?? null, state })
          .where(eq(persons.id, personId));
      }
      const label = Object.fromEntries(seeds.map(([id, name]) => [id, name]));
      // The two Anna Meier without an e-mail tie on every name: the id decides, turned when descending.
      const [twinFirst, twinLast] = [meier1, meier2].sort().map((id) => label[id]!);
      const expected: Record<string, string[]> = {
        'SortBy=primaryClub': ['Anna Meier 1', 'Berta Zeller', 'Anna Meier 2', 'Clara Meier', 'Anna Ammann'],
        'SortBy=primaryClub&SortDesc=true': [
          'Clara Meier',
          'Anna Meier 2',
          'Berta Zeller',
          'Anna Meier 1',
          'Anna Ammann',
        ],
        'SortBy=primaryEmail': ['Anna Ammann', 'Clara Meier', 'Berta Zeller', twinFirst!, twinLast!],
        'SortBy=primaryEmail&SortDesc=true': ['Berta Zeller', 'Clara Meier', 'Anna Ammann', twinLast!, twinFirst!],
        'SortBy=primaryPhone': ['Anna Meier 1', 'Clara Meier', 'Berta Zeller', 'Anna Ammann', 'Anna Meier 2'],
        'SortBy=primaryPhone&SortDesc=true': [
          'Berta Zeller',
          'Clara Meier',
          'Anna Meier 1',
          'Anna Meier 2',
          'Anna Ammann',
        ],
        // Active (0) before archived (90), ties by name.
        'SortBy=state': ['Anna Ammann', 'Anna Meier 2', 'Berta Zeller', 'Anna Meier 1', 'Clara Meier'],
        'SortBy=state&SortDesc=true': ['Clara Meier', 'Anna Meier 1', 'Berta Zeller', 'Anna Meier 2', 'Anna Ammann'],
      };
      for (const [sort, names] of Object.entries(expected)) {
        const body = await page(`${sort}&PerPage=10&Page=0`);
        expect(body.total, sort).toBe(5);
        expect(
          body.items.map((p) => label[p.id]),
          sort,
        ).toEqual(names);
      }
    });

    it('pages zero-based without overlap; a page above the last is empty; PerPage 0 is all', async () => {
      const all = await page('PerPage=0');
      expect(all.items).toHaveLength(5);
      const first = await page('PerPage=10&Page=0');
      expect(first.items.map((p) => p.id)).toEqual(all.items.map((p) => p.id));
      expect(first.total).toBe(5);
      // without PerPage: all (the person picker sends only the sort)
      expect((await page('SortBy=lastname')).items).toHaveLength(5);
      const beyond = await page('PerPage=10&Page=3');
      expect(beyond).toEqual({ items: [], total: 5 });
      const pageClub = (await createClub(t.database.db)).id;
      for (let i = 0; i < 12; i++)
        await createPerson(t.database.db, { clubId: pageClub, firstname: 'Same', lastname: 'Name' });
      const pages = await Promise.all(
        [0, 1].map(async (n) => (await list(`Clubs=${pageClub}&PerPage=10&Page=${n}`)).json()),
      );
      expect(pages.map((p) => p.items.length)).toEqual([10, 2]);
      const seen = pages.flatMap((p) => p.items.map((i: { id: string }) => i.id));
      expect(new Set(seen).size).toBe(12);
    });

    it('pages a name search like the whole sorted list, in every direction', async () => {
      const searchClub = (await createClub(t.database.db)).id;
      const people = [
        ['Zoe', 'Kellerhals'],
        ['Anna', 'Keller'],
        ['Anna', 'Keller'],
        ['Ida', 'Kellermann'],
        ['Mia', 'Brunner'],
        ['Lea', 'Kelly'],
        ['Eva', 'Mikkeller'], // not found: Name finds the beginnings of words
        ...['Uma', 'Ida', 'Bea', 'Ora', 'Ivy', 'Kim', 'Jo'].map((firstname, i) => [firstname, `Kel ${i % 3}`] as const),
      ];
      for (const [firstname, lastname] of people) {
        await createPerson(t.database.db, { clubId: searchClub, firstname, lastname });
      }
      const search = async (query: string) => {
        const res = await list(`Clubs=${searchClub}&Name=kel&${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { items: { id: string }[]; total: number };
      };
      for (const sort of [
        '',
        'SortBy=lastname&SortDesc=false&SortBy=firstname&SortDesc=false',
        'SortBy=lastname&SortDesc=true&SortBy=firstname&SortDesc=false',
        'SortBy=firstname&SortDesc=true',
        'SortBy=state&SortDesc=true&SortBy=lastname&SortDesc=false',
      ]) {
        const all = await search(`${sort}&PerPage=0`);
        expect(all.total, sort).toBe(12);
        const pages = await Promise.all([0, 1].map((n) => search(`${sort}&PerPage=10&Page=${n}`)));
        expect(
          pages.flatMap((body) => body.items.map((p) => p.id)),
          sort,
        ).toEqual(all.items.map((p) => p.id));
      }
    });

    it('refuses an unknown sort key, page size or page', async () => {
      for (const [query, message] of [
        ['SortBy=birthday', 'Sort is invalid.'],
        ['PerPage=7', 'Entries per page is invalid.'],
        ['Page=-1', 'Page is no valid integer'],
        ['SortDesc=yes', 'Sort direction is no valid boolean text value'],
      ]) {
        const res = await list(query!);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors, query).toEqual([message]);
      }
    });
  });

  it('sends one statement for the page and one for the total, whatever PerPage is', async () => {
    const countClub = (await createClub(t.database.db)).id;
    for (let i = 0; i < 30; i++) await createPerson(t.database.db, { clubId: countClub, firstname: `P${i}` });
    const counts: number[] = [];
    for (const perPage of [10, 20, 100, 0]) {
      statements = [];
      const res = await list(`Clubs=${countClub}&PerPage=${perPage}&Name=P`);
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toHaveLength(perPage === 10 || perPage === 20 ? perPage : 30);
      const listStatements = statements.filter((s) => /from "persons"/.test(s) && !/"user_accounts"/.test(s));
      expect(listStatements, statements.join('\n')).toHaveLength(2);
      counts.push(statements.length);
    }
    // the rest is the sign-in check of the auth hook, the same for every request
    expect(new Set(counts).size).toBe(1);
  });

  it('lists persons with a relation active today in one of the Clubs', async () => {
    const a = (await createClub(t.database.db)).id;
    const b = (await createClub(t.database.db)).id;
    const inA = await createPerson(t.database.db, { clubId: a });
    const inB = await createPerson(t.database.db, { clubId: b });
    const ended = await createPerson(t.database.db, { clubId: a, to: isoDay(-1) });
    await createMembership(t.database.db, { personId: inB.id, clubId: b, type: 'board' });
    const body = (await list(`Clubs=${a}&Clubs=${b}&PerPage=0`)).json();
    const ids = body.items.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([inA.id, inB.id]));
    expect(ids).not.toContain(ended.id);
    expect(body.total).toBe(2);
  });
});
