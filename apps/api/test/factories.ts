import { randomBytes } from 'node:crypto';
import type { AuthTokens } from '@bpw/domain/auth-schemas';
import { ClubType } from '@bpw/domain/enums/club-type';
import { EventState } from '@bpw/domain/enums/event';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { MembershipType } from '@bpw/domain/enums/membership-type';
import { RegistrationState } from '@bpw/domain/enums/registration';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../src/db/client';
import { userAccounts } from '../src/db/schema/accounts';
import { clubRelations, clubs } from '../src/db/schema/clubs';
import { events } from '../src/db/schema/events';
import { persons } from '../src/db/schema/persons';
import { eventRegistrations } from '../src/db/schema/registrations';
import { isoDateInSwitzerland } from '../src/platform/auth/today';
import { hashPassword } from '../src/platform/passwords';

/**
 * Test data with overrides (STYLE "Factories"): every call makes new rows with unique names, so
 * tests in one file never depend on each other's data.
 */

export type MembershipTypeName = keyof typeof MembershipType;
const typeValue = (type: MembershipTypeName | number) => (typeof type === 'number' ? type : MembershipType[type]);

let sequence = 0;
export const uniqueSuffix = () => `${(++sequence).toString(36)}${randomBytes(4).toString('hex')}`;

/** A password that meets the rule and is on no common list. */
export const DEFAULT_PASSWORD = 'Tulpen-Feld-42';
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** YYYY-MM-DD in Switzerland, `days` from `now` (negative: in the past). */
export const isoDay = (days = 0, now = new Date()) => isoDateInSwitzerland(new Date(now.getTime() + days * 86_400_000));

export async function createClub(db: Db, overrides: { name?: string; clubType?: number } = {}) {
  const [club] = await db
    .insert(clubs)
    .values({ name: overrides.name ?? `Club ${uniqueSuffix()}`, clubType: overrides.clubType ?? ClubType.regional })
    .returning({ id: clubs.id, name: clubs.name });
  return club!;
}

export async function createMembership(
  db: Db,
  options: { personId: string; clubId: string; type?: MembershipTypeName | number; from?: string; to?: string | null },
) {
  const [relation] = await db
    .insert(clubRelations)
    .values({
      personId: options.personId,
      clubId: options.clubId,
      type: typeValue(options.type ?? 'single'),
      from: options.from ?? '2020-01-01',
      to: options.to ?? null,
    })
    .returning({ id: clubRelations.id });
  return relation!;
}

export type CreatedPerson = { id: string; username: string; password: string };

/**
 * A person with an account (unless `hasAccount: false`) and, with `clubId`, one relation of
 * `type` (default single) that is also her primary club.
 */
export async function createPerson(
  db: Db,
  options: {
    clubId?: string;
    type?: MembershipTypeName | number;
    from?: string;
    to?: string | null;
    isAdmin?: boolean;
    isCentralCommittee?: boolean;
    password?: string;
    username?: string;
    hasAccount?: boolean;
    state?: number;
    languageCode?: LanguageCode;
    firstname?: string;
    lastname?: string;
    birthday?: string | null;
    primaryClubId?: string | null;
  } = {},
): Promise<CreatedPerson> {
  const suffix = uniqueSuffix();
  const [person] = await db
    .insert(persons)
    .values({
      firstname: options.firstname ?? 'Anna',
      lastname: options.lastname ?? `Muster ${suffix}`,
      languageCode: options.languageCode ?? 'de',
      state: options.state ?? 0,
      birthday: options.birthday ?? '1980-05-17',
      primaryClubId: options.primaryClubId !== undefined ? options.primaryClubId : (options.clubId ?? null),
    })
    .returning({ id: persons.id });
  const id = person!.id;
  if (options.clubId) {
    await createMembership(db, {
      personId: id,
      clubId: options.clubId,
      type: options.type ?? 'single',
      from: options.from ?? '2020-01-01',
      to: options.to ?? null,
    });
  }
  const username = options.username ?? `person-${suffix}@example.test`;
  const password = options.password ?? DEFAULT_PASSWORD;
  if (options.hasAccount !== false) {
    await db.insert(userAccounts).values({
      personId: id,
      username,
      passwordHash: await hashOf(password),
      isAdmin: options.isAdmin ?? false,
      isCentralCommittee: options.isCentralCommittee ?? false,
    });
  }
  return { id, username, password };
}

let ipSequence = 0;
/** A client address of its own, so the per-address rate limits of one test do not hit another. */
export const nextIp = () => {
  ipSequence++;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
};

/** Signs in through the API (from an address of its own) and answers the tokens. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<AuthTokens> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    headers: { 'x-forwarded-for': nextIp() },
    payload: { username, password, acceptedTermsAndConditions: true },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json() as AuthTokens;
}

/** `app.inject` with the bearer token: `const asAdmin = injectAs(app, token); await asAdmin({ url })`. */
export function injectAs(app: FastifyInstance, token: string) {
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
}

/** An event of a club (spec 02 §3), OpenForRegistration with unlimited slots unless overridden. */
export async function createEvent(
  db: Db,
  options: { responsibleClubId: string } & Partial<typeof events.$inferInsert>,
): Promise<{ id: string; title: string }> {
  const from = new Date(Date.now() + 14 * 86_400_000);
  const [event] = await db
    .insert(events)
    .values({
      title: `Event ${uniqueSuffix()}`,
      eventState: EventState.OpenForRegistration,
      eventFrom: from,
      eventTo: new Date(from.getTime() + 3 * 3_600_000),
      registrationSlots: 0,
      location: 'Kongresshaus',
      street: 'Claridenstrasse 5',
      zip: '8002',
      city: 'Zürich',
      teaserText: 'Ein Abend für Unternehmerinnen.',
      ...options,
    })
    .returning({ id: events.id, title: events.title });
  return event!;
}

/** A registration of a person or a guest (personId null); Pending unless overridden. */
export async function createRegistration(
  db: Db,
  options: { eventId: string } & Partial<typeof eventRegistrations.$inferInsert>,
): Promise<{ id: string; email: string }> {
  const suffix = uniqueSuffix();
  const [registration] = await db
    .insert(eventRegistrations)
    .values({
      firstname: 'Gast',
      lastname: `Muster ${suffix}`,
      email: `guest-${suffix}@example.ch`,
      linkKeyHash: randomBytes(32).toString('hex'),
      eventRegistrationState: RegistrationState.Pending,
      ...options,
    })
    .returning({ id: eventRegistrations.id, email: eventRegistrations.email });
  return registration!;
}
