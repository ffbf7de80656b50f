import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressEmails, addressPhones, addresses } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';

describe('GET person/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const getAs = async (viewer: { username: string; password: string }, id: string) =>
    injectAs(t.app, (await signIn(t.app, viewer.username, viewer.password)).token)({ url: `/api/v1/person/${id}` });

  it('answers the person with her primary club, e-mail and phone', async () => {
    const db = t.database.db;
    const club = await createClub(db, { name: 'BPW Bern' });
    const person = await createPerson(db, {
      clubId: club.id,
      firstname: 'Vreni',
      lastname: 'Muster',
      languageCode: 'fr',
    });
    const [address] = await db.insert(addresses).values({ personId: person.id, label: 'Home' }).returning();
    const [email] = await db
      .insert(addressEmails)
      .values({ addressId: address!.id, personId: person.id, value: 'vreni@example.test' })
      .returning();
    const [phone] = await db
      .insert(addressPhones)
      .values({ addressId: address!.id, personId: person.id, value: '+41 31 000 00 00' } as never)
      .returning();
    await db
      .update(persons)
      .set({ primaryEmailId: email!.id, primaryPhoneId: phone!.id })
      .where(eq(persons.id, person.id));

    const res = await getAs(person, person.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: person.id,
      firstname: 'Vreni',
      lastname: 'Muster',
      salutation: null,
      title: null,
      birthday: '1980-05-17',
      languageCode: 'fr',
      avatarId: null,
      state: 0,
      primaryClubId: club.id,
      primaryClub: { id: club.id, name: 'BPW Bern' },
      primaryEmail: { id: email!.id, value: 'vreni@example.test' },
      primaryPhone: { id: phone!.id, value: '+41 31 000 00 00' },
    });
  });

  it('shows the birthday only to managers and the person herself', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const person = await createPerson(db, { clubId: club.id });
    const member = await createPerson(db, { clubId: club.id });
    const manager = await createPerson(db, { clubId: club.id, type: 'database' });
    const otherManager = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    expect((await getAs(member, person.id)).json()).toMatchObject({ birthday: null, primaryEmail: null });
    expect((await getAs(otherManager, person.id)).json().birthday).toBeNull();
    expect((await getAs(manager, person.id)).json().birthday).toBe('1980-05-17');
  });

  it('answers 404 for a missing id, 400 for a non-UUID, 401 when anonymous', async () => {
    const person = await createPerson(t.database.db);
    const missing = await getAs(person, randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    const invalid = await getAs(person, 'not-a-uuid');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(['ID ist ungültig.']);
    expect((await t.app.inject({ url: `/api/v1/person/${person.id}` })).statusCode).toBe(401);
  });
});
