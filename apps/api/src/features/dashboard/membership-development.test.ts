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
import { developmentBucketDays } from './development-buckets';

type Bucket = { bucketNumber: number; bucketLabel: string; quantity: number };
const quantities = (buckets: Bucket[]) => buckets.map((b) => b.quantity);

describe('GET membership-development (spec 01 §2 "Dashboard")', () => {
  let t: TestApp;
  let admin: ReturnType<typeof injectAs>;
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);

  beforeAll(async () => {
    // 15 August 2026, Q3: the buckets end on 31.12.2025, 31.3.2026, 30.6.2026 and today.
    t = await createTestApp({ now: () => new Date('2026-08-15T10:00:00Z') });
    admin = await as(await createPerson(t.database.db, { isAdmin: true }));
  });
  afterAll(() => t.close());

  const development = async (call: ReturnType<typeof injectAs>, clubIds: string[]) => {
    const query = clubIds.map((id) => `Clubs=${id}`).join('&');
    return call({ url: `/api/v1/membership-development?${query}&GroupBy=quarter&NumberOfBuckets=4` });
  };

  it('labels the last four quarters, the current one last', async () => {
    const club = await createClub(t.database.db);
    const res = await development(admin, [club.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().entriesSingle).toEqual([
      { bucketNumber: 0, bucketLabel: 'Q4 2025', quantity: 0 },
      { bucketNumber: 1, bucketLabel: 'Q1 2026', quantity: 0 },
      { bucketNumber: 2, bucketLabel: 'Q2 2026', quantity: 0 },
      { bucketNumber: 3, bucketLabel: 'Q3 2026', quantity: 0 },
    ]);
    const french = await as(await createPerson(t.database.db, { isAdmin: true, languageCode: 'fr' }));
    expect((await development(french, [club.id])).json().entriesInterested[0].bucketLabel).toBe('T4 2025');
  });

  it('counts a relation ending on the quarter’s last day, not one starting the day after', async () => {
    const db = t.database.db;
    const ending = await createClub(db);
    const starting = await createClub(db);
    await createPerson(db, { clubId: ending.id, from: '2020-01-01', to: '2026-03-31' });
    await createPerson(db, { clubId: starting.id, from: '2026-04-01' });
    expect(quantities((await development(admin, [ending.id])).json().entriesSingle)).toEqual([1, 1, 0, 0]);
    expect(quantities((await development(admin, [starting.id])).json().entriesSingle)).toEqual([0, 0, 1, 1]);
    // The current quarter counts as of today: a relation starting tomorrow is not yet there.
    const future = await createClub(db);
    await createPerson(db, { clubId: future.id, from: '2026-08-16' });
    expect(quantities((await development(admin, [future.id])).json().entriesSingle)).toEqual([0, 0, 0, 0]);
  });

  it('counts interested persons and single members per person, archived ones not at all', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const other = await createClub(db);
    await createPerson(db, { clubId: club.id, type: 'interested', from: '2025-10-01' });
    await createPerson(db, { clubId: club.id, type: 'interested', from: '2025-01-01', to: '2025-12-30' });
    const both = await createPerson(db, { clubId: club.id, from: '2020-01-01' });
    await createMembership(db, { personId: both.id, clubId: other.id, from: '2020-01-01' });
    await createPerson(db, { clubId: club.id, state: 90 });
    await createPerson(db, { clubId: club.id, type: 'singleNoFee' });
    const res = (await development(admin, [club.id, other.id])).json();
    expect(quantities(res.entriesInterested)).toEqual([1, 1, 1, 1]);
    expect(quantities(res.entriesSingle)).toEqual([1, 1, 1, 1]);
  });

  it('counts young single members until 31 December of the birth year plus 35', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    await createPerson(db, { clubId: club.id, birthday: '1990-06-15' }); // young until 31.12.2025
    await createPerson(db, { clubId: club.id, birthday: '1991-01-01' }); // young until 31.12.2026
    await createPerson(db, { clubId: club.id, type: 'interested', birthday: '2000-01-01' }); // not single
    await createPerson(db, { clubId: club.id, birthday: null });
    const res = (await development(admin, [club.id])).json();
    expect(quantities(res.entriesYoung)).toEqual([2, 1, 1, 1]);
    expect(quantities(res.entriesSingle)).toEqual([3, 3, 3, 3]);
  });

  it('shows club managers only their clubs, the committee and admins all; others get 403', async () => {
    const db = t.database.db;
    const mine = await createClub(db);
    const notMine = await createClub(db);
    await createPerson(db, { clubId: mine.id });
    await createPerson(db, { clubId: notMine.id });
    await createPerson(db, { clubId: notMine.id });
    const manager = await as(await createPerson(db, { clubId: mine.id, type: 'database' }));
    const single = async (call: ReturnType<typeof injectAs>, clubs: string[]) =>
      quantities((await development(call, clubs)).json().entriesSingle)[3];

    expect(await single(manager, [])).toBe(1); // none asked for: all managed clubs
    expect(await single(manager, [mine.id, notMine.id])).toBe(1);
    expect(await single(manager, [notMine.id])).toBe(0);

    const committee = await as(await createPerson(db, { isCentralCommittee: true }));
    expect(await single(committee, [mine.id, notMine.id])).toBe(3);
    const everyone = await single(admin, []);
    expect(everyone).toBeGreaterThanOrEqual(3);
    expect(await single(committee, [])).toBe(everyone);

    const member = await as(await createPerson(db, { clubId: mine.id }));
    const refused = await development(member, [mine.id]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual(['Dazu haben Sie keine Berechtigung.']);
  });

  it('answers all clubs from the figures the jobs keep, fresh after each run (issue 24)', async () => {
    const db = t.database.db;
    await t.app.scheduler.runJob('membership-development-history');
    await t.app.scheduler.runJob('membership-development-today');
    const before = quantities((await development(admin, [])).json().entriesSingle);
    const club = await createClub(db);
    await createPerson(db, { clubId: club.id, from: '2020-01-01' });
    // As of the last run until the next (every ten minutes); the chosen club is counted now.
    expect(quantities((await development(admin, [])).json().entriesSingle)).toEqual(before);
    expect(quantities((await development(admin, [club.id])).json().entriesSingle)).toEqual([1, 1, 1, 1]);
    await t.app.scheduler.runJob('membership-development-today');
    const today = quantities((await development(admin, [])).json().entriesSingle);
    expect(today).toEqual([...before.slice(0, 3), before[3]! + 1]);
    await t.app.scheduler.runJob('membership-development-history');
    expect(quantities((await development(admin, [])).json().entriesSingle)).toEqual(before.map((n) => n + 1));
  });

  it('refuses other groupings and bucket counts', async () => {
    const res = await admin({ url: '/api/v1/membership-development?GroupBy=month&NumberOfBuckets=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Gruppierung ist ungültig.', 'Anzahl Perioden ist ungültig.']);
    const eight = await admin({ url: '/api/v1/membership-development?NumberOfBuckets=8' });
    expect(eight.json().entriesSingle.map((b: Bucket) => b.bucketLabel)).toEqual([
      'Q4 2024',
      'Q1 2025',
      'Q2 2025',
      'Q3 2025',
      'Q4 2025',
      'Q1 2026',
      'Q2 2026',
      'Q3 2026',
    ]);
  });
});

describe('developmentBucketDays', () => {
  it('counts past quarters on their last day and the current one today', () => {
    expect(developmentBucketDays('2026-08-15', 4)).toEqual([
      { n: 0, quarterStart: '2025-10-01', day: '2025-12-31' },
      { n: 1, quarterStart: '2026-01-01', day: '2026-03-31' },
      { n: 2, quarterStart: '2026-04-01', day: '2026-06-30' },
      { n: 3, quarterStart: '2026-07-01', day: '2026-08-15' },
    ]);
    expect(developmentBucketDays('2026-03-31', 1)).toEqual([{ n: 0, quarterStart: '2026-01-01', day: '2026-03-31' }]);
    expect(developmentBucketDays('2027-01-01', 2).map((b) => b.day)).toEqual(['2026-12-31', '2027-01-01']);
  });
});
