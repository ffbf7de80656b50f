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

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query) => statements.push(query) });
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
    await t.database.raw('analyze persons');
  });
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

  it('answers deep pages exactly as the whole sorted list has them, in every sort', async () => {
    for (const sort of [
      'SortBy=lastname&SortBy=firstname',
      '', // the default: firstname, lastname
      'SortBy=lastname&SortDesc=true&SortBy=firstname&SortDesc=false',
      'SortBy=state&SortBy=lastname',
    ]) {
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
      expect(walks, sort).toBe(sort.includes('SortDesc=true') ? 0 : 1);
    }
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
