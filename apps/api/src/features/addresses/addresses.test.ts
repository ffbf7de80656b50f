import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressPayload, addressUrl, as } from './address-test-support';

describe('addresses: create, read, update, delete (spec 01 §7 "Addresses")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an address with its entries and answers 201 with ids', async () => {
    const person = await createPerson(t.database.db);
    const res = await as(t.app, person)({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      personId: person.id,
      addressType: 10,
      label: 'Geschäft',
      companyRole: 'CEO',
      competences: [0, 70],
      competenceLogoId: null,
      countryCode: 'CH',
      emails: [{ label: 'Büro', value: 'anna@muster.test' }],
      phones: [{ label: 'Zentrale', value: '+41 31 000 00 00', phoneType: 0 }],
      urls: [{ label: null, value: 'https://muster.test', urlType: 0 }],
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.emails[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores empty optional texts as null and the country as CH by default', async () => {
    const person = await createPerson(t.database.db);
    const res = await as(
      t.app,
      person,
    )({
      method: 'POST',
      url: addressUrl(person.id),
      payload: { label: ' Privat ', company: '', countryCode: null },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      addressType: 0,
      label: 'Privat',
      company: null,
      street: null,
      countryCode: 'CH',
      competences: [],
      emails: [],
      phones: [],
      urls: [],
    });
  });

  it('lets every signed-in user read the addresses of a person', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { clubId: (await createClub(db)).id });
    await as(t.app, person)({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() });
    const stranger = await createPerson(db, { clubId: (await createClub(db)).id });
    const res = await as(t.app, stranger)({ url: addressUrl(person.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      items: [{ label: 'Geschäft', emails: [{ value: 'anna@muster.test' }] }],
    });
    expect((await t.app.inject({ url: addressUrl(person.id) })).statusCode).toBe(401);
    expect((await as(t.app, stranger)({ url: addressUrl(randomUUID()) })).statusCode).toBe(404);
  });

  it('updates the address fields with PUT and answers the new state', async () => {
    const person = await createPerson(t.database.db);
    const created = (
      await as(t.app, person)({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() })
    ).json();
    const res = await as(
      t.app,
      person,
    )({
      method: 'PUT',
      url: addressUrl(person.id, created.id),
      payload: {
        ...addressPayload({ label: 'Neu', city: 'Zürich', competences: [10, 10, 20] }),
        emails: created.emails,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, label: 'Neu', city: 'Zürich', competences: [10, 20] });
    expect(res.json().emails).toEqual(created.emails);
  });

  it('deletes an address with its entries (204), then it is gone (404)', async () => {
    const person = await createPerson(t.database.db);
    const call = as(t.app, person);
    const created = (await call({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() })).json();
    expect((await call({ method: 'DELETE', url: addressUrl(person.id, created.id) })).statusCode).toBe(204);
    expect((await call({ url: addressUrl(person.id) })).json()).toEqual({ items: [], total: 0 });
    expect((await call({ method: 'DELETE', url: addressUrl(person.id, created.id) })).statusCode).toBe(404);
    expect(
      (await call({ method: 'PUT', url: addressUrl(person.id, created.id), payload: addressPayload() })).statusCode,
    ).toBe(404);
  });

  it("never reaches another person's address through one's own person id", async () => {
    const db = t.database.db;
    const owner = await createPerson(db);
    const other = await createPerson(db);
    const created = (
      await as(t.app, owner)({ method: 'POST', url: addressUrl(owner.id), payload: addressPayload() })
    ).json();
    const call = as(t.app, other);
    const put = await call({ method: 'PUT', url: addressUrl(other.id, created.id), payload: addressPayload() });
    expect(put.statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: addressUrl(other.id, created.id) })).statusCode).toBe(404);
    expect((await as(t.app, owner)({ url: addressUrl(owner.id) })).json().items[0].label).toBe('Geschäft');
  });
});
