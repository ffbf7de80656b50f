import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Lists of more than 10,000 persons: an estimated total, and deep pages that start at an
 * anchor instead of reading every row before them (docs/performance.md).
 */
describe('GET person beyond 10,000 matches', () => {
  let t: TestApp;
  let statements: string[] = [];
  let list: (query: string) => Promise<{ items: { id: string }[]; total: number; isTotalEstimated?: boolean }>;
  const PERSONS = 10_250;
  const ANCHOR_FROM = 10_000;

  beforeAll(async () => {
    // The whole list is read as one page to compare the deep pages with it.
    t = await createTestApp({ env: { LIST_ALL_LIMIT: '100000' }, onQuery: (query) => statements.push(query) });
    const admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    const inject = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    list = async (query) => {
      const res = await inject({ url: `/api/v1/person?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // Many equal names, some without a firstname, so the id and the empty-last rule decide.
    await t.database.raw(
      `insert into persons (lastname, firstname, state)
       select 'Deep' || lpad((g % 97)::text, 3, '0'), case when g % 13 = 0 then null else 'F' || (g % 7) end,
              case when g % 50 = 0 then 90 else 0 end
       from generate_series(1, ${PERSONS}) as g`,
    );
    // Primary clubs, e-mails and phones for most of them (the list sorts by their copies on the
    // person, kept by triggers): three clubs and none, repeating values, some without.
    for (const statement of [
      `insert into clubs (name, club_type) select 'Deep club ' || g, 0 from generate_series(1, 3) as g`,
      `update persons p set primary_club_id = c.id from clubs c
       where p.lastname like 'Deep%' and c.name = 'Deep club ' || (1 + abs(hashtext(p.id::text)) % 4)`,
      // A city for the address filter's deep pages (person_address_prefixes, kept by its trigger).
      `insert into addresses (person_id, label, city)
       select id, 'Privat', case when lastname = 'Deep000' then 'Elsewhere' else 'Tiefenau bei Bern' end
       from persons where lastname like 'Deep%'`,
      `insert into address_emails (address_id, person_id, value)
       select a.id, a.person_id, 'd' || (abs(hashtext(a.id::text)) % 800) || '@deep.test' from addresses a
       join persons p on p.id = a.person_id where p.lastname like 'Deep%' and abs(hashtext(a.id::text)) % 9 <> 0`,
      `insert into address_phones (address_id, person_id, value)
       select a.id, a.person_id, '+41 79 ' || (abs(hashtext(a.person_id::text)) % 600) from addresses a
       join persons p on p.id = a.person_id where p.lastname like 'Deep%' and abs(hashtext(a.person_id::text)) % 7 <> 0`,
      `update persons p set primary_email_id = e.id from address_emails e where e.person_id = p.id`,
      `update persons p set primary_phone_id = f.id from address_phones f where f.person_id = p.id`,
    ])
      await t.database.raw(statement);
    await t.database.raw('analyze persons');
  }, 300_000); // 10,000 persons with their entries, on a busy machine
  afterAll(() => t.close());

  const ids = (body: { items: { id: string }[] }) => body.items.map((p) => p.id);

  it('answers an estimated total, flagged, above 10,000 matches and an exact one below', async () => {
    const many = await list('Lastname=Deep&PerPage=10');
    expect(many.isTotalEstimated).toBe(true);
    expect(many.total).toBeGreaterThan(10_000);
    const few = await list('Lastname=Deep001&PerPage=10');
    expect(few.isTotalEstimated).toBeUndefined();
    expect(few.total).toBe(106);
  });

  const sorts = [
    'SortBy=lastname&SortBy=firstname',
    '', // the default: firstname, lastname
    'SortBy=lastname&SortDesc=true&SortBy=firstname&SortDesc=false',
    'SortBy=state&SortBy=lastname',
    // Every key alone in both directions (the web app's sorts).
    ...['firstname', 'lastname', 'primaryClub', 'primaryEmail', 'primaryPhone', 'state'].flatMap((key) => [
      `SortBy=${key}`,
      `SortBy=${key}&SortDesc=true`,
    ]),
  ];

  it.each(sorts)('answers deep pages exactly as the whole sorted list has them (sort %s)', async (sort) => {
    const all = ids(await list(`Lastname=Deep&PerPage=0&${sort}`));
    expect(all).toHaveLength(PERSONS);
    statements = [];
    // Deepest first, then back up: anchors found by one walk serve the pages before too.
    for (const page of [1020, 1000, 1001, 1024, 1025]) {
      const body = await list(`Lastname=Deep&PerPage=10&Page=${page}&${sort}`);
      expect(ids(body), `${sort} page ${page}`).toEqual(all.slice(page * 10, page * 10 + 10));
    }
    const hundreds = await list(`Lastname=Deep&PerPage=100&Page=101&${sort}`);
    expect(ids(hundreds), sort).toEqual(all.slice(10_100, 10_200));
    // One walk for the anchors of a sort in one direction; mixed directions read from the top.
    const walks = statements.filter((s) => s.includes('row_number() over')).length;
    expect(walks, sort).toBe(sort.includes('SortDesc=false') ? 0 : 1);
  });

  it("answers an address filter's deep pages from its index as the whole list has them", async () => {
    const all = ids(await list('City=tiefe&PerPage=0'));
    expect(all.length).toBeGreaterThan(ANCHOR_FROM);
    statements = [];
    for (const page of [1020, 1000, 1001]) {
      const body = await list(`City=tiefe&PerPage=10&Page=${page}`);
      expect(ids(body), `page ${page}`).toEqual(all.slice(page * 10, page * 10 + 10));
    }
    // One walk of the index's range for the anchors; the pages read that range too.
    const walks = statements.filter((s) => s.includes('row_number() over'));
    expect(walks).toHaveLength(1);
    expect(walks[0]).toContain('from "person_address_prefixes" join "persons"');
    const tiefenauBern = await list('City=tiefenau%20bern&PerPage=10&Page=1000');
    expect(ids(tiefenauBern)).toEqual(all.slice(10_000, 10_010));
    // Beyond the end: empty, read after the last anchor. The walk for page 1020 found the end (the
    // list has fewer rows), so none is walked again.
    statements = [];
    for (const page of [1500, 1500, 1016]) {
      const beyond = await list(`City=tiefe&PerPage=10&Page=${page}`);
      expect(ids(beyond), `page ${page}`).toEqual(all.slice(page * 10, page * 10 + 10));
    }
    expect(statements.filter((s) => s.includes('row_number() over'))).toHaveLength(0);
  });

  it('sends as many statements for a deep page of 100 as for one of 10', async () => {
    await list('Lastname=Deep&PerPage=10&Page=1010&SortBy=lastname');
    const counts: number[] = [];
    for (const perPage of [10, 20, 50, 100]) {
      statements = [];
      await list(`Lastname=Deep&PerPage=${perPage}&Page=${Math.floor(10_100 / perPage)}&SortBy=lastname`);
      counts.push(statements.length);
    }
    expect(new Set(counts).size, counts.join(', ')).toBe(1);
  });
});
