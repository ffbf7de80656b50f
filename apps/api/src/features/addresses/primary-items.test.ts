import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createMembership, createPerson, type CreatedPerson, isoDay } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { persons } from '../../db/schema/persons';
import { addressPayload, addressUrl, as } from './address-test-support';

/** PUT person/{id}/primary-{kind} with { id | null } (spec 01 §3, §4 "Primary toggles", §6). */
describe('primary toggles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (actor: CreatedPerson, personId: string, kind: string, id: string | null) =>
    as(t.app, actor)({ method: 'PUT', url: `/api/v1/person/${personId}/primary-${kind}`, payload: { id } });
  const primaries = async (personId: string) => {
    const [row] = await t.database.db
      .select({
        address: persons.primaryAddressId,
        email: persons.primaryEmailId,
        phone: persons.primaryPhoneId,
        url: persons.primaryUrlId,
        club: persons.primaryClubId,
      })
      .from(persons)
      .where(eq(persons.id, personId));
    return row!;
  };
  const twoAddresses = async (person: CreatedPerson) => {
    const call = as(t.app, person);
    const first = (await call({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() })).json();
    const second = (
      await call({
        method: 'POST',
        url: addressUrl(person.id),
        payload: addressPayload({
          label: 'Privat',
          emails: [{ value: 'privat@muster.test' }],
          phones: [{ value: '+41 79 000 00 00', phoneType: 20 }],
          urls: [{ value: 'https://privat.test' }],
        }),
      })
    ).json();
    return { first, second };
  };

  it('marks another address, phone, e-mail and URL of the person as primary (204)', async () => {
    const person = await createPerson(t.database.db);
    const { second } = await twoAddresses(person);
    const items = {
      address: second.id,
      phone: second.phones[0].id,
      email: second.emails[0].id,
      url: second.urls[0].id,
    };
    for (const [kind, id] of Object.entries(items))
      expect((await put(person, person.id, kind, id)).statusCode).toBe(204);
    expect(await primaries(person.id)).toMatchObject(items);
  });

  it('unsets with null (the web sends null when the current primary is chosen again)', async () => {
    const person = await createPerson(t.database.db);
    await twoAddresses(person);
    for (const kind of ['address', 'phone', 'email', 'url', 'club']) {
      expect((await put(person, person.id, kind, null)).statusCode).toBe(204);
    }
    expect(await primaries(person.id)).toEqual({ address: null, email: null, phone: null, url: null, club: null });
  });

  it('refuses an item of another person with 400 and keeps the current primary', async () => {
    const db = t.database.db;
    const person = await createPerson(db);
    const other = await createPerson(db);
    const { first } = await twoAddresses(person);
    const { second: theirs } = await twoAddresses(other);
    const expectations = [
      ['address', theirs.id, 'Diese Adresse gehört nicht zu dieser Person.'],
      ['phone', theirs.phones[0].id, 'Diese Telefonnummer gehört nicht zu dieser Person.'],
      ['email', theirs.emails[0].id, 'Diese E-Mail-Adresse gehört nicht zu dieser Person.'],
      ['url', theirs.urls[0].id, 'Diese Webadresse gehört nicht zu dieser Person.'],
      // An id of the wrong kind and an id that names nothing are refused the same way.
      ['email', first.phones[0].id, 'Diese E-Mail-Adresse gehört nicht zu dieser Person.'],
      ['address', randomUUID(), 'Diese Adresse gehört nicht zu dieser Person.'],
    ] as const;
    for (const [kind, id, message] of expectations) {
      const res = await put(person, person.id, kind, id);
      expect(res.statusCode, `${kind} ${id}`).toBe(400);
      expect(res.json().errors).toEqual([message]);
    }
    expect(await primaries(person.id)).toMatchObject({ address: first.id, email: first.emails[0].id });
  });

  it('validates the body: a UUID or null', async () => {
    const person = await createPerson(t.database.db);
    const call = as(t.app, person);
    const url = `/api/v1/person/${person.id}/primary-email`;
    for (const payload of [{ id: 'abc' }, {}, { id: 5 }]) {
      const res = await call({ method: 'PUT', url, payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await call({ method: 'PUT', url, payload: { id: 'abc' } })).json().errors).toEqual(['ID ist ungültig.']);
  });

  it('lets managers and admins set contact primaries, refuses others with 403, unknown persons with 404', async () => {
    const db = t.database.db;
    const clubA = await createClub(db);
    const person = await createPerson(db, { clubId: clubA.id });
    const { second } = await twoAddresses(person);
    const manager = await createPerson(db, { clubId: clubA.id, type: 'database' });
    const admin = await createPerson(db, { isAdmin: true });
    const managerOfB = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    const member = await createPerson(db, { clubId: clubA.id });
    expect((await put(manager, person.id, 'phone', second.phones[0].id)).statusCode).toBe(204);
    expect((await put(admin, person.id, 'url', second.urls[0].id)).statusCode).toBe(204);
    expect((await put(managerOfB, person.id, 'phone', null)).statusCode).toBe(403);
    expect((await put(member, person.id, 'address', second.id)).statusCode).toBe(403);
    expect((await put(admin, randomUUID(), 'email', null)).statusCode).toBe(404);
  });

  describe('primary club', () => {
    it('is set by the person herself to a club she has a current or future relation with', async () => {
      const db = t.database.db;
      const clubA = await createClub(db);
      const clubB = await createClub(db);
      const future = await createClub(db);
      const past = await createClub(db);
      const person = await createPerson(db, { clubId: clubA.id });
      await createMembership(db, { personId: person.id, clubId: clubB.id, type: 'interested' });
      await createMembership(db, { personId: person.id, clubId: future.id, from: isoDay(30) });
      await createMembership(db, { personId: person.id, clubId: past.id, from: '2010-01-01', to: '2015-12-31' });
      expect((await put(person, person.id, 'club', clubB.id)).statusCode).toBe(204);
      expect((await primaries(person.id)).club).toBe(clubB.id);
      expect((await put(person, person.id, 'club', future.id)).statusCode).toBe(204);
      const refused = [past.id, (await createClub(db)).id, randomUUID()];
      for (const id of refused) {
        const res = await put(person, person.id, 'club', id);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual(['Die Person hat keine aktuelle oder künftige Rolle in diesem Club.']);
      }
      expect((await primaries(person.id)).club).toBe(future.id);
    });

    it('is set for others by admins only, not by their club managers (spec 01 §6)', async () => {
      const db = t.database.db;
      const clubA = await createClub(db);
      const person = await createPerson(db, { clubId: clubA.id });
      const manager = await createPerson(db, { clubId: clubA.id, type: 'database' });
      const admin = await createPerson(db, { isAdmin: true });
      expect((await put(manager, person.id, 'club', clubA.id)).statusCode).toBe(403);
      expect((await put(admin, person.id, 'club', null)).statusCode).toBe(204);
      expect((await put(admin, person.id, 'club', clubA.id)).statusCode).toBe(204);
      expect((await primaries(person.id)).club).toBe(clubA.id);
    });
  });
});
