import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createMembership,
  createPerson,
  injectAs,
  signIn,
} from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { birthdayDayRanges } from './birthday-list.queries';

type Item = { firstname: string; nextBirthday: string; age: number; primaryClub: { name: string } | null };

async function setUp(now: string) {
  const t = await createTestApp({ now: () => new Date(now) });
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const club = await createClub(t.database.db, { name: 'BPW Genève' });
  const manager = await as(await createPerson(t.database.db, { clubId: club.id, type: 'database', birthday: null }));
  const list = async (call = manager) => (await call({ url: `/api/v1/person/birthday-list?Clubs=${club.id}` })).json();
  return { t, as, club, manager, list };
}

describe('GET person/birthday-list (spec 01 §2 "Dashboard")', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  // 20 December 2026 in Switzerland: the list runs to 18 January 2027.
  beforeAll(async () => {
    s = await setUp('2026-12-20T09:00:00Z');
  });
  afterAll(() => s.t.close());

  it('lists the next 30 days across the year end, today included, in date order with the age turned', async () => {
    const db = s.t.database.db;
    const clubId = s.club.id;
    await createPerson(db, { clubId, firstname: 'Januar', birthday: '1990-01-05' });
    await createPerson(db, { clubId, firstname: 'Heute', birthday: '1980-12-20' });
    await createPerson(db, { clubId, firstname: 'Letzter', birthday: '1970-01-18' });
    await createPerson(db, { clubId, firstname: 'Zuspaet', birthday: '1970-01-19' });
    await createPerson(db, { clubId, firstname: 'Gestern', birthday: '1980-12-19' });
    await createPerson(db, { clubId, firstname: 'Archiviert', birthday: '1980-12-24', state: 90 });
    await createPerson(db, { clubId, firstname: 'Ehemalig', birthday: '1980-12-24', to: '2026-12-19' });
    await createPerson(db, { clubId, firstname: 'Ohne', birthday: null });
    await createPerson(db, { clubId: (await createClub(db)).id, firstname: 'Fremd', birthday: '1980-12-24' });
    const interested = await createPerson(db, { firstname: 'Interessiert', birthday: '1986-12-31' });
    await createMembership(db, { personId: interested.id, clubId, type: 'interested' });

    const body = await s.list();
    expect(body.items.map((i: Item) => [i.firstname, i.nextBirthday, i.age])).toEqual([
      ['Heute', '2026-12-20', 46],
      ['Interessiert', '2026-12-31', 40],
      ['Januar', '2027-01-05', 37],
      ['Letzter', '2027-01-18', 57],
    ]);
    expect(body.total).toBe(4);
    expect(body.items[0]).toMatchObject({
      birthday: '1980-12-20',
      primaryClub: { name: 'BPW Genève' },
      avatarId: null,
    });
  });

  it('pages on the server in the same order, with the total of all pages', async () => {
    const page = async (n: number) =>
      (await s.manager({ url: `/api/v1/person/birthday-list?Clubs=${s.club.id}&PerPage=3&Page=${n}` })).json();
    const [first, second] = [await page(0), await page(1)];
    expect(first.items.map((i: Item) => i.firstname)).toEqual(['Heute', 'Interessiert', 'Januar']);
    expect(second.items.map((i: Item) => i.firstname)).toEqual(['Letzter']);
    expect([first.total, second.total, first.isTotalEstimated]).toEqual([4, 4, false]);
    // Ten a page unless asked otherwise; never all at once.
    expect((await s.list()).items).toHaveLength(4);
    for (const perPage of ['0', '101']) {
      const res = await s.manager({ url: `/api/v1/person/birthday-list?PerPage=${perPage}` });
      expect(res.statusCode, perPage).toBe(400);
    }
  });

  it('has the dashboard’s visibility', async () => {
    const db = s.t.database.db;
    const member = await s.as(await createPerson(db, { clubId: s.club.id }));
    expect((await member({ url: '/api/v1/person/birthday-list' })).statusCode).toBe(403);
    const otherManager = await s.as(await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' }));
    expect((await s.list(otherManager)).items).toEqual([]);
    const committee = await s.as(await createPerson(db, { isCentralCommittee: true }));
    expect((await s.list(committee)).total).toBe((await s.list()).total);
    // No club asked for: the manager's own clubs.
    expect((await s.manager({ url: '/api/v1/person/birthday-list' })).json().total).toBe((await s.list()).total);
  });
});

describe('GET person/birthday-list around 29 February', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp('2027-02-10T09:00:00Z'); // 2027 is a common year
  });
  afterAll(() => s.t.close());

  it('celebrates 29 February on 28 February in a common year', async () => {
    await createPerson(s.t.database.db, { clubId: s.club.id, firstname: 'Schalttag', birthday: '2000-02-29' });
    await createPerson(s.t.database.db, { clubId: s.club.id, firstname: 'Maerz', birthday: '2000-03-01' });
    expect((await s.list()).items.map((i: Item) => [i.firstname, i.nextBirthday, i.age])).toEqual([
      ['Schalttag', '2027-02-28', 27],
      ['Maerz', '2027-03-01', 27],
    ]);
  });
});

describe('birthdayDayRanges', () => {
  it('gives one range within a year, two across its end, 29 February with 28 February in common years', () => {
    expect(birthdayDayRanges('2026-06-10', 30)).toEqual([[610, 709]]);
    expect(birthdayDayRanges('2026-12-20', 30)).toEqual([
      [1220, 1231],
      [101, 118],
    ]);
    expect(birthdayDayRanges('2027-01-30', 30)).toEqual([[130, 229]]);
    expect(birthdayDayRanges('2028-01-30', 30)).toEqual([[130, 228]]);
    expect(birthdayDayRanges('2027-12-31', 1)).toEqual([[1231, 1231]]);
  });
});
