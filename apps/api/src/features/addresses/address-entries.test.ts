import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, type CreatedPerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { persons } from '../../db/schema/persons';
import { addressPayload, addressUrl, as } from './address-test-support';

/** PUT person/{id}/address/{addressId}: entries with id updated, without id created, missing ones deleted. */
describe('address entries in one PUT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = async (person: CreatedPerson, payload = addressPayload()) =>
    (await as(t.app, person)({ method: 'POST', url: addressUrl(person.id), payload })).json();
  const primariesOf = async (personId: string) => {
    const [row] = await t.database.db
      .select({
        address: persons.primaryAddressId,
        email: persons.primaryEmailId,
        phone: persons.primaryPhoneId,
        url: persons.primaryUrlId,
      })
      .from(persons)
      .where(eq(persons.id, personId));
    return row!;
  };

  it('creates, updates and deletes entries of every kind in one call', async () => {
    const person = await createPerson(t.database.db);
    const created = await create(
      person,
      addressPayload({
        emails: [{ value: 'keep@muster.test' }, { value: 'drop@muster.test' }],
        phones: [{ value: '+41 1', phoneType: 0 }],
        urls: [{ value: 'https://old.test' }],
      }),
    );
    // Entries come sorted by value.
    const [drop, keep] = created.emails;
    expect([drop.value, keep.value]).toEqual(['drop@muster.test', 'keep@muster.test']);
    const res = await as(
      t.app,
      person,
    )({
      method: 'PUT',
      url: addressUrl(person.id, created.id),
      payload: addressPayload({
        emails: [{ id: keep.id, label: 'Neu', value: 'kept@muster.test' }, { value: 'new@muster.test' }],
        phones: [{ id: created.phones[0].id, value: '+41 2', phoneType: 20 }],
        urls: [],
      }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.emails).toHaveLength(2);
    expect(body.emails).toContainEqual({ id: keep.id, label: 'Neu', value: 'kept@muster.test' });
    expect(body.emails.find((e: { value: string }) => e.value === 'new@muster.test').id).not.toBe(drop.id);
    expect(body.phones).toEqual([{ id: created.phones[0].id, label: null, value: '+41 2', phoneType: 20 }]);
    expect(body.urls).toEqual([]);
    // The deleted URL was primary: the person no longer points at it.
    expect((await primariesOf(person.id)).url).toBeNull();
  });

  it("refuses an entry id of another person's address and changes nothing", async () => {
    const db = t.database.db;
    const person = await createPerson(db);
    const other = await createPerson(db);
    const mine = await create(person);
    const theirs = await create(other);
    const res = await as(
      t.app,
      person,
    )({
      method: 'PUT',
      url: addressUrl(person.id, mine.id),
      payload: addressPayload({ label: 'Changed', emails: [{ id: theirs.emails[0].id, value: 'stolen@muster.test' }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'E-Mail-Adressen: Ein Eintrag gehört nicht zu dieser Adresse. Bitte laden Sie die Adresse neu.',
    ]);
    expect((await as(t.app, other)({ url: addressUrl(other.id) })).json().items[0].emails).toEqual(theirs.emails);
    // One transaction: the address fields and the own entries are unchanged too.
    expect((await as(t.app, person)({ url: addressUrl(person.id) })).json().items[0]).toEqual(mine);
  });

  it("refuses an entry id of the person's other address, and an id given twice", async () => {
    const person = await createPerson(t.database.db);
    const first = await create(person);
    const second = await create(person, addressPayload({ label: 'Privat' }));
    const call = as(t.app, person);
    const url = addressUrl(person.id, first.id);
    const foreign = await call({
      method: 'PUT',
      url,
      payload: addressPayload({ phones: [{ id: second.phones[0].id, value: '1' }] }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      'Telefonnummern: Ein Eintrag gehört nicht zu dieser Adresse. Bitte laden Sie die Adresse neu.',
    ]);
    const id = first.urls[0].id;
    const twice = await call({
      method: 'PUT',
      url,
      payload: addressPayload({
        urls: [
          { id, value: 'https://a.test' },
          { id, value: 'https://b.test' },
        ],
      }),
    });
    expect(twice.statusCode).toBe(400);
    const emailAsPhone = await call({
      method: 'PUT',
      url,
      payload: addressPayload({ phones: [{ id: first.emails[0].id, value: '1' }] }),
    });
    expect(emailAsPhone.statusCode).toBe(400);
    expect((await call({ url: addressUrl(person.id) })).json().items).toContainEqual(first);
  });

  it('refuses entry ids on create (the entries are new)', async () => {
    const person = await createPerson(t.database.db);
    const existing = await create(person);
    const res = await as(
      t.app,
      person,
    )({
      method: 'POST',
      url: addressUrl(person.id),
      payload: addressPayload({ emails: [{ id: existing.emails[0].id, value: 'x@y.test' }] }),
    });
    expect(res.statusCode).toBe(400);
    expect((await as(t.app, person)({ url: addressUrl(person.id) })).json().total).toBe(1);
  });

  it('makes the first address and entries primary while the person has none of their kind', async () => {
    const person = await createPerson(t.database.db);
    const first = await create(person);
    expect(await primariesOf(person.id)).toEqual({
      address: first.id,
      email: first.emails[0].id,
      phone: first.phones[0].id,
      url: first.urls[0].id,
    });
    await create(person, addressPayload({ label: 'Zweite' }));
    expect((await primariesOf(person.id)).address).toBe(first.id);
  });

  it('unsets the primaries that pointed into a deleted address', async () => {
    const person = await createPerson(t.database.db);
    const first = await create(person);
    await as(t.app, person)({ method: 'DELETE', url: addressUrl(person.id, first.id) });
    expect(await primariesOf(person.id)).toEqual({ address: null, email: null, phone: null, url: null });
  });
});
