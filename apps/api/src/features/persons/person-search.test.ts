import { SEARCH_FOLD_FROM, searchWords } from '@bpw/domain/search-words';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';

/** Issue 20: the Name search finds the beginnings of words, read from the search index. */
describe('GET person: Name finds the beginnings of words', () => {
  let t: TestApp;
  let clubId: string;
  let list: (query: string) => Promise<{ items: { id: string; lastname: string }[]; total: number }>;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await t.database.db.execute(query)) as unknown as { rows: T[] };

  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
    const admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    const inject = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    list = async (query) => {
      const res = await inject({ url: `/api/v1/person?Clubs=${clubId}&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
  });
  afterAll(() => t.close());

  const person = (firstname: string, lastname: string) => createPerson(t.database.db, { clubId, firstname, lastname });
  const lastnames = async (name: string) =>
    (await list(`Name=${encodeURIComponent(name)}&PerPage=0`)).items.map((p) => p.lastname).sort();

  it('folds the stored words in SQL exactly as the domain folds them', async () => {
    const texts = [
      SEARCH_FOLD_FROM,
      SEARCH_FOLD_FROM.toUpperCase(),
      'Müller-Lüdenscheidt Zoë MUELLER Straße Æsop Œuvre',
      "D'Amico O’Brien Jean‐Luc anna.keller@bluewin.ch Analytical_Engines AG 100%",
      'Mu\u0308ller Ren\u0301e  ÇA  ǅ Ωμέγα Иван 東京',
      '',
    ];
    for (const text of texts) {
      const [row] = (await rows<{ words: string }>(sql`select search_words(${text}) as words`)).rows;
      const stored = new Set(row!.words.split(' ').filter(Boolean));
      expect(stored, text).toEqual(new Set(searchWords(text).split(' ').filter(Boolean)));
    }
  });

  it('finds Keller and Kellerhals by "Kell", not Mikkeller; Müller and Mueller by "mül"', async () => {
    for (const [firstname, lastname] of [
      ['Anna', 'Keller'],
      ['Zoe', 'Kellerhals'],
      ['Eva', 'Mikkeller'],
      ['Ida', 'Müller'],
      ['Lea', 'Mueller'],
      ['Mia', 'Muster-Müller'],
      ['Ada', "D'Amico"],
    ]) {
      await person(firstname!, lastname!);
    }
    expect(await lastnames('Kell')).toEqual(['Keller', 'Kellerhals']);
    expect(await lastnames('kellerh')).toEqual(['Kellerhals']);
    expect(await lastnames('mül')).toEqual(['Mueller', 'Muster-Müller', 'Müller']);
    expect(await lastnames('MUELL')).toEqual(['Mueller', 'Muster-Müller', 'Müller']);
    expect(await lastnames('mustermül')).toEqual(['Muster-Müller']);
    expect(await lastnames('damic')).toEqual(["D'Amico"]);
    expect(await lastnames("d'am")).toEqual(["D'Amico"]);
    expect(await lastnames('eva kel')).toEqual([]);
    expect(await lastnames('Ida Mü')).toEqual(['Müller']);
    expect(await lastnames('ller')).toEqual([]);
  });

  it('finds words of e-mail values and companies, and follows their changes', async () => {
    const db = t.database.db;
    const ada: CreatedPerson = await person('Ada', 'Lovelace');
    const [address] = await db
      .insert(addresses)
      .values({ personId: ada.id, label: 'Work', company: 'Analytical Engines AG' })
      .returning();
    const [email] = await db
      .insert(addressEmails)
      .values({ addressId: address!.id, personId: ada.id, value: 'countess.byron@example.test' })
      .returning();
    expect(await lastnames('engin')).toEqual(['Lovelace']);
    expect(await lastnames('byro')).toEqual(['Lovelace']);
    await db.update(addressEmails).set({ value: 'ada@example.test' }).where(eq(addressEmails.id, email!.id));
    await db.update(addresses).set({ company: 'Babbage Ltd' }).where(eq(addresses.id, address!.id));
    await db.update(persons).set({ lastname: 'King' }).where(eq(persons.id, ada.id));
    expect(await lastnames('byro')).toEqual([]);
    expect(await lastnames('engin')).toEqual([]);
    expect(await lastnames('babba')).toEqual(['King']);
    expect(await lastnames('lovel')).toEqual([]);
    expect(await lastnames('king')).toEqual(['King']);
    await db.delete(persons).where(eq(persons.id, ada.id));
    expect(await lastnames('babba')).toEqual([]);
  });

  it('pages a search in the default order from the index like the whole list, with the exact total', async () => {
    const searched = await Promise.all(
      ['Uma', 'Ida', 'Bea', null, 'Ora', 'Ivy', 'Kim', 'Jo', 'Ann', 'Ann', 'Zoe', 'Eve'].map((firstname, i) =>
        createPerson(t.database.db, { clubId, firstname: firstname ?? undefined, lastname: `Pagel ${i % 4}` }),
      ),
    );
    if (searched[3]) await t.database.db.update(persons).set({ firstname: null }).where(eq(persons.id, searched[3].id));
    const all = await list('Name=page&PerPage=0');
    expect(all.total).toBe(12);
    const pages = await Promise.all([0, 1].map((n) => list(`Name=page&PerPage=10&Page=${n}`)));
    expect(pages.map((p) => p.total)).toEqual([12, 12]);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(all.items.map((i) => i.id));
    // The same order as the list without a search (first name, empty last, then last name, id).
    const unsearched = await list('Lastname=Pagel&PerPage=0');
    expect(all.items.map((i) => i.id)).toEqual(unsearched.items.map((i) => i.id));
  });

  it('keeps the search index equal to what the search texts say after every write', async () => {
    const [row] = (
      await rows<{ wrong: number }>(sql`
        select count(*)::int as wrong from (
          (select p, firstname is null, coalesce(firstname, ''), lastname, id
             from persons, person_search_prefixes_of(search_text) p
           except select prefix, firstname_missing, firstname, lastname, person_id from person_search_prefixes)
          union all
          (select prefix, firstname_missing, firstname, lastname, person_id from person_search_prefixes
           except select p, firstname is null, coalesce(firstname, ''), lastname, id
             from persons, person_search_prefixes_of(search_text) p)
        ) as differences`)
    ).rows;
    expect(row!.wrong).toBe(0);
  });
});
