import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addresses } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';

type Address = { city?: string; zip?: string; company?: string; street?: string };

/**
 * Issue 24: City, Zip, Company and Street find the beginnings of words of one of her addresses,
 * folded like the Name search, read from person_address_prefixes (docs/decisions/address-filters.md).
 */
describe('GET person: address filters find the beginnings of words', () => {
  let t: TestApp;
  let clubId: string;
  let statements: string[] = [];
  let list: (query: string) => Promise<{ items: { id: string; lastname: string }[]; total: number }>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query) => statements.push(query) });
    clubId = (await createClub(db())).id;
    const admin = await createPerson(db(), { isAdmin: true, languageCode: 'en' });
    const inject = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    list = async (query) => {
      const res = await inject({ url: `/api/v1/person?Clubs=${clubId}&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
  });
  afterAll(() => t.close());

  const person = async (lastname: string, ...entries: Address[]): Promise<CreatedPerson> => {
    const created = await createPerson(db(), { clubId, firstname: 'Eva', lastname });
    for (const entry of entries)
      await db()
        .insert(addresses)
        .values({ personId: created.id, label: 'Home', ...entry });
    return created;
  };
  const lastnames = async (query: string) => (await list(`${query}&PerPage=0`)).items.map((p) => p.lastname).sort();

  it('finds a word beginning anywhere in the field, folded, and nothing in the middle of a word', async () => {
    await person('Bern1', { city: 'Bern' });
    await person('Bern2', { city: 'Bern-Bümpliz' });
    await person('Bern3', { city: 'Ostermundigen bei Bern' });
    await person('Bern4', { city: 'Oberbern' });
    await person('Zurich1', { city: 'Zürich', zip: '8001', street: 'Bahnhofstrasse 12', company: 'Crédit Suisse AG' });
    await person('Zurich2', { city: 'Zuerich', zip: 'CH-8400', street: 'Seeweg 3', company: 'Analytical Engines' });
    expect(await lastnames('City=Bern')).toEqual(['Bern1', 'Bern2', 'Bern3']);
    expect(await lastnames('City=bern')).toEqual(['Bern1', 'Bern2', 'Bern3']);
    expect(await lastnames('City=ern')).toEqual([]);
    expect(await lastnames('City=bernbum')).toEqual(['Bern2']); // joined by a hyphen: one word too
    expect(await lastnames('City=Bümpl')).toEqual(['Bern2']);
    expect(await lastnames('City=bei%20bern')).toEqual(['Bern3']);
    expect(await lastnames('City=ostermundigen')).toEqual(['Bern3']); // longer than 5 letters
    expect(await lastnames('City=zür')).toEqual(['Zurich1', 'Zurich2']);
    expect(await lastnames('City=ZUERICH')).toEqual(['Zurich1', 'Zurich2']);
    expect(await lastnames('City=zu')).toEqual(['Zurich1', 'Zurich2']); // 2 letters: checked on the row
    expect(await lastnames('Zip=800')).toEqual(['Zurich1']);
    expect(await lastnames('Zip=8')).toEqual(['Zurich1', 'Zurich2']);
    expect(await lastnames('Zip=840')).toEqual(['Zurich2']); // a word of "CH-8400"
    expect(await lastnames('Zip=001')).toEqual([]);
    expect(await lastnames('Street=bahnhof')).toEqual(['Zurich1']);
    expect(await lastnames('Street=hofstr')).toEqual([]);
    expect(await lastnames('Street=bahnhofstr%2012')).toEqual(['Zurich1']);
    expect(await lastnames('Street=bahnhofstr%2013')).toEqual([]);
    expect(await lastnames('Company=credit')).toEqual(['Zurich1']);
    expect(await lastnames('Company=engine')).toEqual(['Zurich2']);
    expect(await lastnames('Company=lytical')).toEqual([]);
    expect(await lastnames('City=zür&Street=seew&Zip=84')).toEqual(['Zurich2']);
    expect(await lastnames('City=zür&Name=zurich1')).toEqual(['Zurich1']);
    // Punctuation only has no words and filters nothing, as in the search.
    expect((await lastnames('City=-&Lastname=Bern')).length).toBe(4);
  });

  it('needs every word of one filter in one address; each filter may match another address', async () => {
    await person('Two', { street: 'Bahnweg 7', city: 'Thun' }, { street: 'Postgasse 9', city: 'Spiez' });
    expect(await lastnames('Street=bahnweg%207')).toEqual(['Two']);
    expect(await lastnames('Street=bahnweg%209')).toEqual([]);
    expect(await lastnames('Street=postgasse&City=thun')).toEqual(['Two']);
  });

  it('pages a filter in the default order from its index like the whole list, with the exact total', async () => {
    const paged = await Promise.all(
      ['Uma', 'Ida', 'Bea', null, 'Ora', 'Ivy', 'Kim', 'Jo', 'Ann', 'Ann', 'Zoe', 'Eve'].map(async (firstname, i) => {
        const created = await createPerson(db(), {
          clubId,
          firstname: firstname ?? undefined,
          lastname: `Pagel ${i % 4}`,
        });
        await db()
          .insert(addresses)
          .values({ personId: created.id, label: 'Home', city: i % 3 === 0 ? 'Vevey-Corseaux' : 'La Tour-de-Vevey' });
        return created;
      }),
    );
    await db().update(persons).set({ firstname: null }).where(eq(persons.id, paged[3]!.id));
    const all = await list('City=vevey&PerPage=0');
    expect(all.total).toBe(12);
    statements = [];
    const pages = await Promise.all([0, 1].map((n) => list(`City=vevey&PerPage=10&Page=${n}`)));
    expect(statements.some((s) => /from "person_address_prefixes" inner join "persons"/.test(s))).toBe(true);
    expect(pages.map((p) => p.total)).toEqual([12, 12]);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(all.items.map((i) => i.id));
    // The same order as the list without the filter (first name, empty last, then last name, id).
    const unfiltered = await list('Lastname=Pagel&PerPage=0');
    expect(all.items.map((i) => i.id)).toEqual(unfiltered.items.map((i) => i.id));
    // Another sort reads the persons and checks the filter on each row.
    const byLastname = await list('City=vevey&PerPage=0&SortBy=lastname&SortDesc=true');
    const unfilteredByLastname = await list('Lastname=Pagel&PerPage=0&SortBy=lastname&SortDesc=true');
    expect(byLastname.items.map((i) => i.id)).toEqual(unfilteredByLastname.items.map((i) => i.id));
    expect((await list('City=tour%20vevey&PerPage=10')).total).toBe(8);
  });

  it('keeps the address index equal to what the addresses say after every write', async () => {
    const a = await person('Write1', { city: 'Bern', zip: '3000', company: 'Alpha AG', street: 'Marktgasse 1' });
    const b = await person('Write2', { city: 'Basel' }, { city: 'Basel', street: 'Rheinweg 4' });
    const [second] = await db().select().from(addresses).where(eq(addresses.personId, b.id));
    expect(await lastnames('City=basel&Lastname=Write')).toEqual(['Write2']);
    // Two addresses with one city: deleting one keeps the city.
    await db().delete(addresses).where(eq(addresses.id, second!.id));
    expect(await lastnames('City=basel&Lastname=Write')).toEqual(['Write2']);
    // Fields changed, renamed persons, an address moved to another person (a merge).
    await db().update(addresses).set({ city: 'Biel/Bienne', zip: '2502' }).where(eq(addresses.personId, a.id));
    await db().update(persons).set({ firstname: null, lastname: 'Write1b' }).where(eq(persons.id, a.id));
    await db().update(persons).set({ firstname: 'Zora' }).where(eq(persons.id, b.id));
    expect(await lastnames('City=bern&Lastname=Write')).toEqual([]);
    expect(await lastnames('City=bienne')).toEqual(['Write1b']);
    expect(await lastnames('Zip=2502')).toEqual(['Write1b']);
    await db().update(addresses).set({ personId: b.id }).where(eq(addresses.personId, a.id));
    expect(await lastnames('Company=alpha')).toEqual(['Write2']);
    await db().insert(addresses).values({ personId: a.id, label: 'New', street: 'Marktgasse 2', company: 'Beta' });
    expect(await lastnames('Street=marktg')).toEqual(['Write1b', 'Write2']);
    await db().delete(persons).where(eq(persons.id, b.id));
    expect(await lastnames('Street=marktg')).toEqual(['Write1b']);
    expect(await lastnames('Company=alpha')).toEqual([]);

    const { rows } = (await db().execute(sql`
      select count(*)::int as wrong from (
        (select k.kind, k.prefix, p.firstname is null, coalesce(p.firstname, ''), p.lastname, p.id
           from persons p, person_address_prefixes_of(p.id) k
         except select kind, prefix, firstname_missing, firstname, lastname, person_id from person_address_prefixes)
        union all
        (select kind, prefix, firstname_missing, firstname, lastname, person_id from person_address_prefixes
         except select k.kind, k.prefix, p.firstname is null, coalesce(p.firstname, ''), p.lastname, p.id
           from persons p, person_address_prefixes_of(p.id) k)
      ) as differences`)) as unknown as { rows: { wrong: number }[] };
    expect(rows[0]!.wrong).toBe(0);
    // And person_address_prefixes_of is what each address's own fields say, each once.
    const { rows: fields } = (await db().execute(sql`
      select count(*)::int as wrong from (
        (select distinct a.person_id, k.kind, k.prefix from addresses a,
           address_prefixes_of(a.city, a.zip, a.company, a.street) k
         except select person_id, kind, prefix from person_address_prefixes)
        union all
        (select person_id, kind, prefix from person_address_prefixes
         except select a.person_id, k.kind, k.prefix from addresses a,
           address_prefixes_of(a.city, a.zip, a.company, a.street) k)
      ) as differences`)) as unknown as { rows: { wrong: number }[] };
    expect(fields[0]!.wrong).toBe(0);
  });
});
