import { sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords';
import type { Db, Tx } from '../client';
import * as s from '../schema/index';
import { buildAccounts, buildSubscriptions } from './demo-account-rows';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts';
import { buildContacts, EmailRegistry } from './demo-contacts';
import { buildEvents } from './demo-events';
import { insertInBatches, linkPersons, withoutLinks } from './demo-insert';
import { buildMemberships } from './demo-memberships';
import { buildNotifications } from './demo-notifications';
import { buildClubs, buildPersonDetails, buildPersons, clubRows } from './demo-persons';
import { createRng, todayIn } from './demo-random';
import { buildRegistrations } from './demo-registrations';

/**
 * DEMO_DATA=1 fills an empty database (no clubs yet; the first administrator may exist) with
 * realistic Swiss demo data: 12 clubs, 300 persons with contacts and memberships over the last
 * three years, 40 accounts, 30 events with registrations, custom fields, publications and
 * notifications. Deterministic (seeded), relative to today, and in one transaction.
 *
 * Demo sign-ins, all with the password `Demo-Passw0rd` (see demo-accounts.ts):
 * - manager@example.ch   club manager of BPW Zürich
 * - events@example.ch    event manager of BPW Zürich
 * - member@example.ch    member of BPW Zürich
 * - committee@example.ch central committee member (board of BPW Switzerland)
 */
export { DEMO_PASSWORD, demoAccounts };

const DEMO_SEED = 0x42_50_57; // "BPW"
// Several instances starting at once on one PostgreSQL: only one seeds.
const DEMO_LOCK_KEY = 727_003;

/** Builds every row in memory; nothing here touches the database. */
export function buildDemoData(now: Date, passwordHash: string, takenUsernames: ReadonlySet<string>) {
  const rng = createRng(DEMO_SEED);
  const today = todayIn(now);
  const clubs = buildClubs(rng);
  const people = buildPersons(rng, clubs, today);
  const details = buildPersonDetails(rng, people);
  const emails = new EmailRegistry();
  const contacts = buildContacts(rng, people, emails);
  const roles = buildMemberships(rng, people, clubs, today);
  const accounts = buildAccounts(rng, people, roles.managers, passwordHash, now, takenUsernames);
  const subscriptions = buildSubscriptions(rng, accounts.holders, roles.managedClubIds);
  const events = buildEvents(rng, clubs, roles, today, now);
  const registrations = buildRegistrations(rng, events.demoEvents, people, emails, now);
  const notifications = buildNotifications(
    rng,
    subscriptions,
    registrations.registrations,
    events.demoEvents,
    clubs,
    roles,
    now,
  );
  return { clubs, people, details, contacts, roles, accounts, subscriptions, events, registrations, notifications };
}
export type DemoData = ReturnType<typeof buildDemoData>;

async function insertDemoData(tx: Tx, d: DemoData) {
  await insertInBatches(tx, s.clubs, clubRows(d.clubs));
  await insertInBatches(tx, s.persons, d.people.map(withoutLinks));
  await insertInBatches(tx, s.personSpokenLanguages, d.details.spoken);
  await insertInBatches(tx, s.personMentoringAreas, d.details.mentoring);
  await insertInBatches(tx, s.addresses, d.contacts.addressRows);
  await insertInBatches(tx, s.addressEmails, d.contacts.emailRows);
  await insertInBatches(tx, s.addressPhones, d.contacts.phoneRows);
  await insertInBatches(tx, s.addressUrls, d.contacts.urlRows);
  await linkPersons(tx, d.people);
  await insertInBatches(tx, s.clubRelations, d.roles.relations);
  await insertInBatches(tx, s.userAccounts, d.accounts.rows);
  await insertInBatches(tx, s.notificationSubscriptions, d.subscriptions);
  await insertInBatches(tx, s.eventCategories, d.events.categoryRows);
  await insertInBatches(tx, s.events, d.events.eventRows);
  await insertInBatches(tx, s.eventCategoryLinks, d.events.linkRows);
  await insertInBatches(tx, s.eventCustomFields, d.events.fieldRows);
  await insertInBatches(tx, s.eventCustomFieldOptions, d.events.optionRows);
  await insertInBatches(tx, s.eventPublications, d.events.publicationRows);
  await insertInBatches(tx, s.eventRegistrations, d.registrations.rows);
  await insertInBatches(tx, s.eventCustomFieldValues, d.registrations.valueRows);
  await insertInBatches(tx, s.notifications, d.notifications);
}

const hasClubs = async (db: Db | Tx) => (await db.select({ id: s.clubs.id }).from(s.clubs).limit(1)).length > 0;

/** Seeds the demo data when no club exists yet; true when it seeded. All or nothing. */
export async function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  if (await hasClubs(db)) return false;
  // Hashed once (argon2id, a few ms) and shared by every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
    if (await hasClubs(tx)) return false;
    const taken = await tx.select({ username: s.userAccounts.username }).from(s.userAccounts);
    const data = buildDemoData(new Date(), passwordHash, new Set(taken.map((t) => t.username.toLowerCase())));
    await insertDemoData(tx, data);
    return true;
  });
}
