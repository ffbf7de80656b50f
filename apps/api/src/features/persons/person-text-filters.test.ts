import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { personMentoringAreas } from '../../db/schema/persons';

/** GET person: the text, address and mentoring filters, the States filter and who sees whom. */
describe('GET person: text filters, States, visibility', () => {
  let t: TestApp;
  let clubId: string;
  let ada: CreatedPerson;
  let bea: CreatedPerson;
  const as = async (person: CreatedPerson) => {
    const inject = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
    return (query: string) => inject({ url: `/api/v1/person?PerPage=0&${query}` });
  };
  let admin: (query: string) => ReturnType<Awaited<ReturnType<typeof as>>>;
  const ids = async (query: string) => {
    const res = await admin(`Clubs=${clubId}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.map((p: { id: string }) => p.id) as string[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    clubId = (await createClub(db)).id;
    admin = await as(await createPerson(db, { isAdmin: true, languageCode: 'en' }));
    ada = await createPerson(db, { clubId, firstname: 'Adelheid', lastname: 'Lovelace' });
    bea = await createPerson(db, { clubId, firstname: 'Beatrice', lastname: 'Curie_100%' });
    const [a] = await db
      .insert(addresses)
      .values({
        personId: ada.id,
        label: 'Work',
        company: 'Analytical Engines AG',
        companySector: 'Informatik',
        street: 'Bahnhofstrasse 1',
        zip: '8001',
        city: 'Zürich',
        competences: [70, 150],
      })
      .returning();
    await db.insert(addressEmails).values({ addressId: a!.id, personId: ada.id, value: 'countess@example.test' });
    await db
      .insert(addresses)
      .values({ personId: bea.id, label: 'Home', street: 'Rue du Marché 2', zip: '1204', city: 'Genève' });
    await db.insert(personMentoringAreas).values({ personId: bea.id, personMentoringType: 90 });
  });
  afterAll(() => t.close());

  it.each([
    ['Name=adelheid', 'firstname'],
    ['Name=LOVE', 'lastname'],
    ['Name=countess', 'an e-mail value'],
    ['Name=engines', 'a company'],
    ['Name=Adel%20love', 'every word somewhere'],
    ['Firstname=delh', 'Firstname'],
    ['Lastname=velac', 'Lastname'],
    ['Company=analytical', 'Company'],
    ['CompanySector=informa', 'CompanySector'],
    ['Street=bahnhof', 'Street'],
    ['Zip=800', 'Zip'],
    ['City=zür', 'City'],
    ['Competences=150&Competences=10', 'Competences (any of)'],
  ])('%s finds by %s, and not the other', async (query) => {
    const found = await ids(query);
    expect(found).toEqual([ada.id]);
  });

  it('finds none when a filter matches nobody', async () => {
    for (const query of [
      'Name=nobody',
      'Name=Adelheid%20Curie',
      'City=Bern',
      'Competences=0',
      'PersonMentoringTypes=10',
    ]) {
      expect(await ids(query), query).toEqual([]);
    }
    expect(await ids('PersonMentoringTypes=90&PersonMentoringTypes=10')).toEqual([bea.id]);
  });

  it('searches words, not punctuation, and takes % and _ of other text filters literally', async () => {
    expect(await ids('Name=curie_1')).toEqual([bea.id]);
    expect((await ids('Name=%25')).sort()).toEqual([ada.id, bea.id].sort());
    expect(await ids('Lastname=e_1')).toEqual([bea.id]);
    expect(await ids('Lastname=u%25')).toEqual([]);
  });

  it('shows archived persons to admins only, with States for admins', async () => {
    const db = t.database.db;
    const archived = await createPerson(db, { clubId, state: 90 });
    expect(await ids('')).toContain(archived.id);
    expect(await ids('States=90')).toEqual([archived.id]);
    expect(await ids('States=0')).not.toContain(archived.id);
    const member = await as(await createPerson(db, { clubId, languageCode: 'en' }));
    const seen = await member(`Clubs=${clubId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items.map((p: { id: string }) => p.id)).not.toContain(archived.id);
    expect((await member(`Clubs=${clubId}&States=0`)).statusCode).toBe(200);
    const refused = await member(`Clubs=${clubId}&States=90`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['State: this filter is for administrators only.']);
  });

  it('lets non-admins use only the limited person filters (spec 01 §2)', async () => {
    const manager = await as(await createPerson(t.database.db, { clubId, type: 'database', languageCode: 'en' }));
    for (const value of [0, 10, 20, 30, 40, 50]) {
      expect((await manager(`PersonClubTypes=${value}`)).statusCode, String(value)).toBe(200);
    }
    for (const value of [60, 80, 140, 160]) {
      const res = await manager(`PersonClubTypes=0&PersonClubTypes=${value}`);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().errors).toEqual(['Person filters: this filter is for administrators only.']);
    }
  });

  it('refuses unknown filter values and ids', async () => {
    for (const [query, message] of [
      ['PersonClubTypes=15', 'Person filters is invalid.'],
      ['Clubs=x', 'Clubs is invalid.'],
      ['States=1', 'State is invalid.'],
      ['Competences=abc', 'Competences is invalid.'],
    ]) {
      const res = await admin(query!);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual([message]);
    }
    expect((await t.app.inject({ url: '/api/v1/person' })).statusCode).toBe(401);
  });
});
