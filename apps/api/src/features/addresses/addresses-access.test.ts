import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressPayload, addressUrl, as } from './address-test-support';

describe('addresses: who may write (spec 01 §6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('allows the person, the manager of her primary club and admins', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const person = await createPerson(db, { clubId: club.id });
    const manager = await createPerson(db, { clubId: club.id, type: 'database' });
    const admin = await createPerson(db, { isAdmin: true });
    for (const actor of [person, manager, admin]) {
      const res = await as(t.app, actor)({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() });
      expect(res.statusCode).toBe(201);
    }
  });

  it("refuses a manager of club B changing a person of club A, and a member changing another's address", async () => {
    const db = t.database.db;
    const clubA = await createClub(db);
    const clubB = await createClub(db);
    const person = await createPerson(db, { clubId: clubA.id });
    const created = (
      await as(t.app, person)({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() })
    ).json();
    const managerOfB = await createPerson(db, { clubId: clubB.id, type: 'database' });
    const fellowMember = await createPerson(db, { clubId: clubA.id });
    for (const actor of [managerOfB, fellowMember]) {
      const call = as(t.app, actor);
      const responses = [
        await call({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() }),
        await call({
          method: 'PUT',
          url: addressUrl(person.id, created.id),
          payload: addressPayload({ label: 'X' }),
        }),
        await call({ method: 'DELETE', url: addressUrl(person.id, created.id) }),
      ];
      expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403]);
      expect(responses[0]!.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(responses[0]!.json().errors).toEqual(['Dazu haben Sie keine Berechtigung.']);
    }
    expect((await as(t.app, person)({ url: addressUrl(person.id) })).json().items).toHaveLength(1);
  });

  it('answers 404 for a person that does not exist, 400 for ids that are no UUIDs', async () => {
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const call = as(t.app, admin);
    expect((await call({ method: 'POST', url: addressUrl(randomUUID()), payload: addressPayload() })).statusCode).toBe(
      404,
    );
    const bad = await call({ method: 'PUT', url: addressUrl(admin.id, 'nope'), payload: addressPayload() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Adresse ist ungültig.']);
  });
});
