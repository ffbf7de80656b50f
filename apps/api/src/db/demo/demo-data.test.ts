import { clubTypeValues } from '@bpw/domain/enums/club-type';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { eventStateValues } from '@bpw/domain/enums/event';
import { clubManagerType, eventManagerType, membershipTypeValues } from '@bpw/domain/enums/membership-type';
import { activeRegistrationStates } from '@bpw/domain/enums/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import { verifyPassword } from '../../platform/passwords';
import type { Database } from '../client';
import { userAccounts } from '../schema/accounts';
import { persons } from '../schema/persons';
import { buildDemoData, DEMO_PASSWORD, demoAccounts, seedDemoDataIfEmpty } from './demo-data';

const tables = [
  'clubs',
  'persons',
  'person_spoken_languages',
  'person_mentoring_areas',
  'addresses',
  'address_emails',
  'address_phones',
  'address_urls',
  'club_relations',
  'user_accounts',
  'notification_subscriptions',
  'event_categories',
  'events',
  'event_category_links',
  'event_custom_fields',
  'event_custom_field_options',
  'event_publications',
  'event_registrations',
  'event_custom_field_values',
  'notifications',
];

describe('demo data', () => {
  let database: Database;
  let seeded: boolean;
  let seedMs: number;
  const rows = async (text: string) => (await database.raw(text)).rows;
  const one = async (text: string) => Number((await rows(text))[0]!.n);
  const counts = async () =>
    Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await one(`select count(*) as n from ${t}`)])));

  beforeAll(async () => {
    database = await openTestDatabase();
    // The first administrator may exist already (main.ts creates her before seeding).
    const [admin] = await database.db.insert(persons).values({ lastname: 'Administrator' }).returning();
    await database.db
      .insert(userAccounts)
      .values({ personId: admin!.id, username: 'admin@example.com', isAdmin: true });
    const started = performance.now();
    seeded = await seedDemoDataIfEmpty(database.db);
    seedMs = performance.now() - started;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seeds an empty database quickly', () => {
    expect(seeded).toBe(true);
    expect(seedMs).toBeLessThan(20_000);
  });

  it('produces the expected counts', async () => {
    const c = await counts();
    expect(c.clubs).toBe(12);
    expect(c.persons).toBe(301);
    expect(c.user_accounts).toBe(41);
    expect(c.events).toBe(30);
    expect(c.event_categories).toBe(8);
    expect(c.event_registrations).toBeGreaterThanOrEqual(120);
    expect(c.event_registrations).toBeLessThanOrEqual(180);
    expect(c.notifications).toBeGreaterThanOrEqual(35);
    expect(c.notifications).toBeLessThanOrEqual(70);
    expect(c.event_publications).toBeGreaterThanOrEqual(10);
    expect(c.event_custom_field_values).toBeGreaterThan(0);
    expect(c.notification_subscriptions).toBeGreaterThan(0);
    const types = await rows('select distinct club_type as v from clubs order by 1');
    expect(types.map((r) => Number(r.v))).toEqual([...clubTypeValues].sort((a, b) => a - b));
  });

  it('has every membership type, and a club and an event manager in every regional club', async () => {
    const types = (await rows('select distinct type as v from club_relations')).map((r) => Number(r.v));
    expect(types.sort((a, b) => a - b)).toEqual([...membershipTypeValues].sort((a, b) => a - b));
    for (const type of [clubManagerType, eventManagerType]) {
      const without = await one(`select count(*) as n from clubs c where c.club_type = 0 and not exists (
        select 1 from club_relations r where r.club_id = c.id and r.type = ${type}
          and r.from_date <= current_date and (r.to_date is null or r.to_date >= current_date))`);
      expect(without).toBe(0);
    }
    const early =
      await one(`select count(*) as n from club_relations r where r.type between 100 and 299 and r.from_date < (
      select min(m.from_date) from club_relations m where m.person_id = r.person_id and (m.type < 100 or m.type = 300))`);
    expect(early).toBe(0);
    expect(await one('select count(*) as n from club_relations where to_date < current_date')).toBeGreaterThan(10);
    expect(await one('select count(*) as n from club_relations where from_date > current_date')).toBeGreaterThan(0);
    expect(
      await one('select count(*) as n from club_relations where type = 500 and membership_type_label is null'),
    ).toBe(0);
    expect(
      await one('select count(*) as n from club_relations where type <> 500 and membership_type_label is not null'),
    ).toBe(0);
  });

  it('archives some persons whose memberships all ended', async () => {
    expect(await one(`select count(*) as n from persons where state = ${EntityState.Archived}`)).toBeGreaterThan(0);
    const stillActive = await one(`select count(*) as n from persons p join club_relations r on r.person_id = p.id
      where p.state = ${EntityState.Archived} and (r.to_date is null or r.to_date >= current_date)`);
    expect(stillActive).toBe(0);
  });

  it('gives persons young and plus birthdays, unique demo e-mails and primary items', async () => {
    const young = await one(
      `select count(*) as n from persons where extract(year from birthday) + 35 >= extract(year from current_date)`,
    );
    const plus = await one(`select count(*) as n from persons where birthday + interval '64 years' <= current_date`);
    expect(young).toBeGreaterThan(10);
    expect(plus).toBeGreaterThan(10);
    const e = (await rows('select count(*) as n, count(distinct lower(value)) as d from address_emails'))[0]!;
    expect(Number(e.d)).toBe(Number(e.n));
    expect(await one(`select count(*) as n from address_emails where value !~ '@example\\.(ch|com)$'`)).toBe(0);
    expect(await one(`select count(*) as n from address_urls where value not like 'https://example.ch/%'`)).toBe(0);
    expect(await one(`select count(*) as n from address_phones where value not like '+41 %'`)).toBe(0);
    const missing = await one(`select count(*) as n from persons where lastname <> 'Administrator' and
      (primary_address_id is null or primary_email_id is null or primary_phone_id is null or primary_club_id is null)`);
    expect(missing).toBe(0);
  });

  it('has every event state and registration type, and no overbooked event', async () => {
    const states = (await rows('select distinct event_state as v from events')).map((r) => Number(r.v));
    expect(states.sort((a, b) => a - b)).toEqual([...eventStateValues].sort((a, b) => a - b));
    expect(
      await one(
        'select count(*) as n from events where registration_slots is null and external_registration_url is null',
      ),
    ).toBeGreaterThan(0);
    expect(await one('select count(*) as n from events where registration_slots = 0')).toBeGreaterThan(0);
    expect(await one('select count(*) as n from events where registration_slots > 0')).toBeGreaterThan(0);
    expect(await one('select count(*) as n from events where external_registration_url is not null')).toBeGreaterThan(
      0,
    );
    const overbooked =
      await one(`select count(*) as n from events e where e.registration_slots > 0 and e.registration_slots < (
      select count(*) from event_registrations r where r.event_id = e.id and r.event_registration_state in (${activeRegistrationStates.join(',')}))`);
    expect(overbooked).toBe(0);
    const full =
      await one(`select count(*) as n from events e where e.registration_slots > 0 and e.registration_slots = (
      select count(*) from event_registrations r where r.event_id = e.id and r.event_registration_state in (${activeRegistrationStates.join(',')}))`);
    expect(full).toBeGreaterThanOrEqual(2);
    expect(await one('select count(*) as n from event_registrations where person_id is null')).toBeGreaterThan(0);
  });

  it('creates the demo accounts with the demo password, usernames being the primary e-mails', async () => {
    const accounts = await rows(`select a.username, a.password_hash, a.is_central_committee, e.value as email
      from user_accounts a join persons p on p.id = a.person_id left join address_emails e on e.id = p.primary_email_id
      where a.username <> 'admin@example.com'`);
    expect(accounts).toHaveLength(40);
    for (const a of accounts) {
      expect(a.email).toBe(a.username);
      expect(await verifyPassword(String(a.password_hash), DEMO_PASSWORD)).toBe(true);
    }
    for (const demo of demoAccounts) {
      const account = accounts.find((a) => a.username === demo.username);
      expect(account, demo.username).toBeDefined();
      expect(account!.is_central_committee).toBe(demo.isCentralCommittee);
    }
  });

  it('seeds only once: a second call returns false and changes nothing', async () => {
    const before = await counts();
    expect(await seedDemoDataIfEmpty(database.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('is deterministic for a given day', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const names = (d: ReturnType<typeof buildDemoData>) =>
      d.people.map((p) => `${p.row.firstname} ${p.row.lastname} ${p.email}`);
    expect(names(buildDemoData(now, 'x', new Set()))).toEqual(names(buildDemoData(now, 'x', new Set())));
  });
});

describe('demo data on failure', () => {
  it('leaves nothing behind when an insert fails half way', async () => {
    const database = await openTestDatabase();
    try {
      // The first person's id does not depend on the date: taking it makes the persons insert fail after the clubs.
      const [first] = buildDemoData(new Date(), 'x', new Set()).people;
      await database.db.insert(persons).values({ id: first!.row.id, lastname: 'Conflict' });
      await expect(seedDemoDataIfEmpty(database.db)).rejects.toThrow();
      const { rows } = await database.raw(
        'select (select count(*) from clubs) as clubs, (select count(*) from persons) as persons',
      );
      expect(Number(rows[0]!.clubs)).toBe(0);
      expect(Number(rows[0]!.persons)).toBe(1);
    } finally {
      await database.close();
    }
  });
});
