import { RegistrationState } from '@bpw/domain/enums/registration';
import type { DuplicateComparison } from '@bpw/domain/schemas/duplicate';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createEvent,
  createMembership,
  createPerson,
  createRegistration,
  injectAs,
  signIn,
  uniqueSuffix,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userAccounts } from '../../db/schema/accounts';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';
import { notificationSubscriptions, notifications } from '../../db/schema/notifications';
import { personSpokenLanguages, persons } from '../../db/schema/persons';
import { eventRegistrations } from '../../db/schema/registrations';
import { findPersonReferences } from './duplicate-merge.queries';
import { addContact } from './duplicate-test-support';

describe('POST duplicate/merge (issue 16)', () => {
  let t: TestApp;
  let clubId: string;
  let otherClubId: string;
  let admin: CreatedPerson;
  let manager: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
    otherClubId = (await createClub(t.database.db)).id;
    admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    manager = await createPerson(t.database.db, { clubId, type: 'database' });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const merge = async (actor: CreatedPerson, payload: object) =>
    (await as(actor))({ method: 'POST', url: '/api/v1/duplicate/merge', payload });

  /** Two persons of club A with a bit of everything; the merged one has the account. */
  async function twoPersons(options: { survivorHasAccount?: boolean } = {}) {
    const db = t.database.db;
    const tag = uniqueSuffix();
    const survivor = await createPerson(db, {
      clubId,
      firstname: 'Ana',
      lastname: `Merge${tag}`,
      birthday: '1975-04-04',
      hasAccount: options.survivorHasAccount ?? false,
    });
    const merged = await createPerson(db, {
      clubId,
      firstname: 'Anna',
      lastname: `Merge${tag}`,
      birthday: '1975-04-05',
    });
    await createMembership(db, { personId: merged.id, clubId: otherClubId, type: 'single' });
    const survivorContact = await addContact(db, survivor.id, { zip: '3011' });
    const mergedContact = await addContact(db, merged.id, {
      email: `anna-${tag}@example.ch`,
      phone: '079 555 44 33',
      zip: '3011',
    });
    const shared = await createEvent(db, { responsibleClubId: clubId });
    const own = await createEvent(db, { responsibleClubId: clubId });
    const survivorRegistration = await createRegistration(db, { eventId: shared.id, personId: survivor.id });
    const mergedShared = await createRegistration(db, { eventId: shared.id, personId: merged.id });
    const mergedOwn = await createRegistration(db, {
      eventId: own.id,
      personId: merged.id,
      eventRegistrationState: RegistrationState.Confirmed,
    });
    await db
      .insert(notifications)
      .values({ personId: merged.id, title: 'Hallo', content: '<p>x</p>', notificationType: 1, channel: 2 });
    await db.insert(notificationSubscriptions).values([
      { personId: survivor.id, clubId, notificationType: 10 },
      { personId: merged.id, clubId, notificationType: 10 },
      { personId: merged.id, clubId, notificationType: 20 },
    ]);
    await db.insert(personSpokenLanguages).values([
      { personId: survivor.id, languageCode: 'de' },
      { personId: merged.id, languageCode: 'fr' },
    ]);
    const coached = await createPerson(db, { clubId });
    await db.update(persons).set({ coach1Id: merged.id }).where(eq(persons.id, coached.id));
    await db
      .insert(auditEntries)
      .values({ action: 'updated', entity: 'person', entityId: merged.id, subjectPersonId: merged.id });
    return {
      survivor,
      merged,
      survivorContact,
      mergedContact,
      shared,
      survivorRegistration,
      mergedShared,
      mergedOwn,
      coached,
    };
  }

  it('shows both persons side by side with what would move', async () => {
    const { survivor, merged } = await twoPersons();
    const res = await (
      await as(manager)
    )({ url: `/api/v1/duplicate/comparison?PersonIds=${survivor.id}&PersonIds=${merged.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as DuplicateComparison;
    expect(body.persons.map((p) => p.person.id)).toEqual([survivor.id, merged.id]);
    expect(body.persons[1]).toMatchObject({
      username: merged.username,
      counts: { addresses: 1, clubRelations: 2, registrations: 2, notifications: 1, subscriptions: 2 },
    });
    expect(body.sharedEvents).toBe(1);
  });

  it('moves everything to the survivor in one go, and the old id points to her', async () => {
    const db = t.database.db;
    const x = await twoPersons();
    const res = await merge(manager, {
      survivorId: x.survivor.id,
      mergedId: x.merged.id,
      fields: { firstname: 'merged', birthday: 'merged' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ survivorId: x.survivor.id });

    const [survivor] = await db.select().from(persons).where(eq(persons.id, x.survivor.id));
    expect(survivor).toMatchObject({
      firstname: 'Anna',
      birthday: '1975-04-05',
      primaryAddressId: x.survivorContact.addressId,
    });
    // She had no e-mail or phone: the merged person's primaries become hers.
    expect(survivor).toMatchObject({
      primaryEmailId: x.mergedContact.emailId,
      primaryPhoneId: x.mergedContact.phoneId,
    });
    expect(survivor!.searchText).toContain('example'); // her e-mail is found on the survivor
    expect(await db.select().from(persons).where(eq(persons.id, x.merged.id))).toEqual([]);
    expect((await db.select().from(addresses).where(eq(addresses.personId, x.survivor.id))).length).toBe(2);
    expect((await db.select().from(addressEmails).where(eq(addressEmails.personId, x.survivor.id))).length).toBe(1);
    // The same club relation twice is kept once; the other club's moves.
    const relations = await db.select().from(clubRelations).where(eq(clubRelations.personId, x.survivor.id));
    expect(relations.map((r) => r.clubId).sort()).toEqual([clubId, otherClubId].sort());
    // The shared event's second registration is withdrawn; the other moves as it is.
    const registrations = await db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.personId, x.survivor.id));
    const stateOf = (id: string) => registrations.find((r) => r.id === id)?.eventRegistrationState;
    expect(stateOf(x.survivorRegistration.id)).toBe(RegistrationState.Pending);
    expect(stateOf(x.mergedShared.id)).toBe(RegistrationState.Unregistered);
    expect(stateOf(x.mergedOwn.id)).toBe(RegistrationState.Confirmed);
    expect((await db.select().from(notifications).where(eq(notifications.personId, x.survivor.id))).length).toBe(1);
    const subscriptions = await db
      .select()
      .from(notificationSubscriptions)
      .where(eq(notificationSubscriptions.personId, x.survivor.id));
    expect(subscriptions.map((s) => s.notificationType).sort()).toEqual([10, 20]);
    const languages = await db
      .select()
      .from(personSpokenLanguages)
      .where(eq(personSpokenLanguages.personId, x.survivor.id));
    expect(languages.map((l) => l.languageCode).sort()).toEqual(['de', 'fr']);
    const [coached] = await db.select().from(persons).where(eq(persons.id, x.coached.id));
    expect(coached!.coach1Id).toBe(x.survivor.id);
    // The account moved: she signs in with her username and is the survivor.
    const [account] = await db.select().from(userAccounts).where(eq(userAccounts.personId, x.survivor.id));
    expect(account!.username).toBe(x.merged.username);
    const tokens = await signIn(t.app, x.merged.username, x.merged.password);
    expect((await injectAs(t.app, tokens.token)({ url: `/api/v1/person/${x.survivor.id}` })).statusCode).toBe(200);
    // The trail of both, and the merge recorded.
    const trail = await db.select().from(auditEntries).where(eq(auditEntries.subjectPersonId, x.survivor.id));
    expect(trail.map((e) => `${e.action} ${e.entityId}`)).toEqual(
      expect.arrayContaining([`updated ${x.merged.id}`, `merged ${x.survivor.id}`]),
    );
    const mergedEntry = trail.find((e) => e.action === 'merged');
    expect(mergedEntry).toMatchObject({ actorPersonId: manager.id });
    expect(mergedEntry!.details).toMatchObject({
      mergedPersonId: x.merged.id,
      fieldsFromMerged: ['firstname', 'birthday'],
    });
    // No reference to the merged person is left anywhere.
    for (const { table, column } of await findPersonReferences(db)) {
      const rows = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${x.merged.id}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(Number(rows.rows[0]!.n), `${table}.${column}`).toBe(0);
    }
    // Her old id answers with the way to the survivor.
    const old = await (await as(admin))({ url: `/api/v1/person/${x.merged.id}` });
    expect(old.statusCode).toBe(404);
    expect(old.headers.location).toBe(`/api/v1/person/${x.survivor.id}`);
    expect(old.json()).toMatchObject({
      mergedIntoId: x.survivor.id,
      errors: ['This person was merged into another person.'],
    });
  });

  it('keeps the survivor account when both have one, with the stored roles of both', async () => {
    const db = t.database.db;
    const x = await twoPersons({ survivorHasAccount: true });
    await db.update(userAccounts).set({ isCentralCommittee: true }).where(eq(userAccounts.personId, x.merged.id));
    const res = await merge(admin, { survivorId: x.survivor.id, mergedId: x.merged.id });
    expect(res.statusCode).toBe(200);
    const accounts = await db.select().from(userAccounts).where(eq(userAccounts.personId, x.survivor.id));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ username: x.survivor.username, isCentralCommittee: true });
    expect(await db.select().from(userAccounts).where(eq(userAccounts.username, x.merged.username))).toEqual([]);
  });

  it('changes nothing when any step fails (one transaction)', async () => {
    const db = t.database.db;
    const x = await twoPersons();
    await db.execute(
      sql.raw(`create function merge_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'merge test failure'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger merge_test_fail before delete on persons for each row
        when (old.id = '${x.merged.id}') execute function merge_test_fail()`),
    );
    try {
      const res = await merge(admin, {
        survivorId: x.survivor.id,
        mergedId: x.merged.id,
        fields: { firstname: 'merged' },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger merge_test_fail on persons'));
      await db.execute(sql.raw('drop function merge_test_fail()'));
    }
    const [survivor] = await db.select().from(persons).where(eq(persons.id, x.survivor.id));
    expect(survivor!.firstname).toBe('Ana');
    expect((await db.select().from(addresses).where(eq(addresses.personId, x.merged.id))).length).toBe(1);
    expect(
      (await db.select().from(eventRegistrations).where(eq(eventRegistrations.personId, x.merged.id))).length,
    ).toBe(2);
    expect((await db.select().from(userAccounts).where(eq(userAccounts.personId, x.merged.id))).length).toBe(1);
    expect((await db.select().from(auditEntries).where(eq(auditEntries.subjectPersonId, x.merged.id))).length).toBe(1);
    const old = await (await as(admin))({ url: `/api/v1/person/${x.merged.id}` });
    expect(old.statusCode).toBe(200);
  });

  it('refuses who may not merge these two, and bad requests, with localised errors', async () => {
    const db = t.database.db;
    const x = await twoPersons();
    const member = await createPerson(db, { clubId });
    const otherManager = await createPerson(db, { clubId: otherClubId, type: 'database' });
    const committee = await createPerson(db, { clubId, isCentralCommittee: true });
    const body = { survivorId: x.survivor.id, mergedId: x.merged.id };
    expect((await merge(member, body)).statusCode).toBe(403);
    expect((await merge(otherManager, body)).statusCode).toBe(403);
    // A stored role is beyond a club manager (the credential rule), either way round.
    expect((await merge(manager, { survivorId: x.survivor.id, mergedId: committee.id })).statusCode).toBe(403);
    expect((await merge(manager, { survivorId: committee.id, mergedId: x.survivor.id })).statusCode).toBe(403);
    const own = await merge(manager, { survivorId: x.survivor.id, mergedId: manager.id });
    expect(own.statusCode).toBe(403);
    expect(own.json().errors).toEqual(['Sie können Ihre eigene Person nicht in eine andere zusammenführen.']);
    const same = await merge(admin, { survivorId: x.survivor.id, mergedId: x.survivor.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.length).toBe(1);
    const badField = await merge(admin, { ...body, fields: { firstname: 'both' } });
    expect(badField.statusCode).toBe(400);
    const gone = await merge(admin, { survivorId: x.survivor.id, mergedId: '00000000-0000-4000-8000-000000000000' });
    expect(gone.statusCode).toBe(404);
    // Nothing happened to them.
    expect((await db.select().from(persons).where(eq(persons.id, x.merged.id))).length).toBe(1);
    const comparison = await (
      await as(otherManager)
    )({
      url: `/api/v1/duplicate/comparison?PersonIds=${x.survivor.id}&PersonIds=${x.merged.id}`,
    });
    expect(comparison.statusCode).toBe(403);
  });
});
