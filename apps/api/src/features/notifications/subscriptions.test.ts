import { randomUUID } from 'node:crypto';
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

describe('notification subscriptions (spec 01 §5, §6, §7)', () => {
  let t: TestApp;
  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const path = (personId: string, id = '') =>
    `/api/v1/person/${personId}/notification-subscription${id ? `/${id}` : ''}`;

  it('lets a person subscribe, change and unsubscribe', async () => {
    const club = await createClub(t.database.db, { name: 'BPW Basel' });
    const person = await createPerson(t.database.db, { clubId: club.id });
    const call = await as(person);

    const created = await call({
      method: 'POST',
      url: path(person.id),
      payload: { clubId: club.id, notificationType: 2 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      personId: person.id,
      clubId: club.id,
      notificationType: 2,
      isApplicationEnabled: true,
      isEmailEnabled: false,
    });
    const registration = await call({
      method: 'POST',
      url: path(person.id),
      payload: { clubId: null, notificationType: 1, isApplicationEnabled: false, isEmailEnabled: true },
    });
    expect(registration.json()).toMatchObject({ clubId: null, isEmailEnabled: true });

    const list = await call({ url: `${path(person.id)}?Page=0&PerPage=0` });
    expect(list.json().total).toBe(2);
    expect(list.json().items.map((s: { notificationType: number }) => s.notificationType)).toEqual([1, 2]);

    const id = created.json().id;
    const changed = await call({
      method: 'PUT',
      url: path(person.id, id),
      payload: { isApplicationEnabled: false, isEmailEnabled: true },
    });
    expect(changed.json()).toMatchObject({ id, isApplicationEnabled: false, isEmailEnabled: true });
    expect((await call({ method: 'DELETE', url: path(person.id, id) })).statusCode).toBe(204);
    expect((await call({ method: 'DELETE', url: path(person.id, id) })).statusCode).toBe(404);
    expect((await call({ url: path(person.id) })).json().total).toBe(1);
  });

  it('needs a club for the club-related types and none for the registration-related ones', async () => {
    const club = await createClub(t.database.db);
    const person = await createPerson(t.database.db, { clubId: club.id });
    const call = await as(person);
    const post = (payload: object) => call({ method: 'POST', url: path(person.id), payload });
    for (const type of [2, 5]) {
      const res = await post({ notificationType: type, clubId: null });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(['Club darf nicht leer sein.']);
    }
    for (const type of [1, 3, 4]) {
      expect((await post({ notificationType: type, clubId: club.id })).json().errors).toEqual(['Club ist ungültig.']);
    }
    expect((await post({ notificationType: 99, clubId: club.id })).json().errors).toEqual([
      'Benachrichtigungstyp ist ungültig.',
    ]);
    expect((await post({ notificationType: 2, clubId: randomUUID() })).json().errors).toEqual(['Club ist ungültig.']);
  });

  it('refuses the same subscription twice with 409, also without a club', async () => {
    const club = await createClub(t.database.db);
    const person = await createPerson(t.database.db, { clubId: club.id });
    const call = await as(person);
    const post = (payload: object) => call({ method: 'POST', url: path(person.id), payload });
    expect((await post({ notificationType: 5, clubId: club.id })).statusCode).toBe(201);
    const again = await post({ notificationType: 5, clubId: club.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Diese Benachrichtigung ist für diesen Club bereits abonniert.']);
    expect((await post({ notificationType: 4 })).statusCode).toBe(201);
    expect((await post({ notificationType: 4, clubId: null })).statusCode).toBe(409);
  });

  it('is for the person, an admin, or a club manager of one of her clubs (spec 01 §6)', async () => {
    const db = t.database.db;
    const home = await createClub(db);
    const second = await createClub(db);
    const person = await createPerson(db, { clubId: home.id });
    await createMembership(db, { personId: person.id, clubId: second.id, type: 'interested' });
    const payload = { clubId: home.id, notificationType: 2 };

    const secondManager = await as(await createPerson(db, { clubId: second.id, type: 'database' }));
    expect((await secondManager({ method: 'POST', url: path(person.id), payload })).statusCode).toBe(201);
    const subscription = (await secondManager({ url: path(person.id) })).json().items[0];

    const strangers = [
      await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' }),
      await createPerson(db, { clubId: home.id }),
      await createPerson(db, { isCentralCommittee: true }),
    ];
    for (const stranger of strangers) {
      const call = await as(stranger);
      expect((await call({ url: path(person.id) })).statusCode).toBe(403);
      const put = { isApplicationEnabled: true, isEmailEnabled: true };
      expect((await call({ method: 'PUT', url: path(person.id, subscription.id), payload: put })).statusCode).toBe(403);
      expect((await call({ method: 'DELETE', url: path(person.id, subscription.id) })).statusCode).toBe(403);
    }
    const admin = await as(await createPerson(db, { isAdmin: true }));
    expect((await admin({ method: 'DELETE', url: path(person.id, subscription.id) })).statusCode).toBe(204);
    expect((await admin({ url: path(randomUUID()) })).statusCode).toBe(404);
    // Another person's subscription id under this person's path is not found.
    const other = await createPerson(db, { clubId: home.id });
    const otherSub = await admin({ method: 'POST', url: path(other.id), payload });
    const wrongPath = await admin({
      method: 'PUT',
      url: path(person.id, otherSub.json().id),
      payload: { isApplicationEnabled: true, isEmailEnabled: true },
    });
    expect(wrongPath.statusCode).toBe(404);
  });
});
