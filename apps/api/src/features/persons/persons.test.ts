import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressEmails, addressPhones, addresses, addressUrls } from '../../db/schema/addresses';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';

describe('GET person/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const getAs = async (viewer: CreatedPerson, id: string) =>
    injectAs(t.app, (await signIn(t.app, viewer.username, viewer.password)).token)({ url: `/api/v1/person/${id}` });

  it('answers the full detail of spec 01 §3 with primary items, coaches, languages and areas', async () => {
    const db = t.database.db;
    const club = await createClub(db, { name: 'BPW Bern' });
    const coach = await createPerson(db, { firstname: 'Greta', lastname: 'Coach' });
    const person = await createPerson(db, {
      clubId: club.id,
      firstname: 'Vreni',
      lastname: 'Muster',
      languageCode: 'fr',
    });
    const [address] = await db
      .insert(addresses)
      .values({ personId: person.id, label: 'Home', street: 'Marktgasse 1', zip: '3011', city: 'Bern' })
      .returning();
    const entry = { addressId: address!.id, personId: person.id };
    const [email] = await db
      .insert(addressEmails)
      .values({ ...entry, value: 'vreni@example.test' })
      .returning();
    const [phone] = await db
      .insert(addressPhones)
      .values({ ...entry, value: '+41 31 000 00 00' })
      .returning();
    const [url] = await db
      .insert(addressUrls)
      .values({ ...entry, value: 'https://vreni.example' })
      .returning();
    await db
      .update(persons)
      .set({
        primaryEmailId: email!.id,
        primaryPhoneId: phone!.id,
        primaryUrlId: url!.id,
        primaryAddressId: address!.id,
        coach1Id: coach.id,
        isPresentationDone: true,
      })
      .where(eq(persons.id, person.id));
    await db.insert(personSpokenLanguages).values([
      { personId: person.id, languageCode: 'it' },
      { personId: person.id, languageCode: 'de' },
    ]);
    await db.insert(personMentoringAreas).values({ personId: person.id, personMentoringType: 70 });

    const res = await getAs(person, person.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: person.id,
      salutation: null,
      title: null,
      firstname: 'Vreni',
      lastname: 'Muster',
      birthday: '1980-05-17',
      timeZone: 'Europe/Zurich',
      languageCode: 'fr',
      countryCode: null,
      spokenLanguages: [{ languageCode: 'de' }, { languageCode: 'it' }],
      isProfilePublic: false,
      isPresentationDone: true,
      isCoach: false,
      employmentType: null,
      bpwCourier: null,
      advertising: 0,
      mentoringAreas: [{ personMentoringType: 70 }],
      coach1: { id: coach.id, firstname: 'Greta', lastname: 'Coach' },
      coach2: null,
      primaryClubId: club.id,
      primaryPhoneId: phone!.id,
      primaryEmailId: email!.id,
      primaryUrlId: url!.id,
      primaryAddressId: address!.id,
      primaryClub: { id: club.id, name: 'BPW Bern' },
      primaryPhone: { id: phone!.id, value: '+41 31 000 00 00', addressLabel: 'Home' },
      primaryEmail: { id: email!.id, value: 'vreni@example.test', addressLabel: 'Home' },
      primaryUrl: { id: url!.id, value: 'https://vreni.example', addressLabel: 'Home' },
      primaryAddress: { id: address!.id, value: 'Marktgasse 1, 3011 Bern', addressLabel: 'Home' },
      avatarId: null,
      state: 0,
      canControlAccount: true,
    });
  });

  it('answers the credential rule for the caller in canControlAccount (issue 15)', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const member = await createPerson(db, { clubId: club.id });
    const adminOfClub = await createPerson(db, { clubId: club.id, isAdmin: true });
    const manager = await createPerson(db, { clubId: club.id, type: 'database' });
    const admin = await createPerson(db, { isAdmin: true });
    const controls = async (viewer: CreatedPerson, person: CreatedPerson) =>
      (await getAs(viewer, person.id)).json().canControlAccount;
    expect(await controls(manager, member)).toBe(true);
    expect(await controls(manager, adminOfClub)).toBe(false);
    expect(await controls(admin, adminOfClub)).toBe(true);
    expect(await controls(member, manager)).toBe(false);
    expect(await controls(adminOfClub, adminOfClub)).toBe(true);
  });

  it('shows birthday and presentation flag only to managers and the person herself', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const person = await createPerson(db, { clubId: club.id });
    const member = await createPerson(db, { clubId: club.id });
    const manager = await createPerson(db, { clubId: club.id, type: 'database' });
    const otherManager = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    const admin = await createPerson(db, { isAdmin: true });
    const hidden = { birthday: null, isPresentationDone: null, primaryEmail: null };
    expect((await getAs(member, person.id)).json()).toMatchObject(hidden);
    expect((await getAs(otherManager, person.id)).json()).toMatchObject(hidden);
    for (const viewer of [manager, admin, person]) {
      expect((await getAs(viewer, person.id)).json()).toMatchObject({
        birthday: '1980-05-17',
        isPresentationDone: false,
      });
    }
  });

  it('hides an archived person from all but admins, her managers and herself', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const archived = await createPerson(db, { clubId: club.id, state: 90 });
    const member = await createPerson(db, { clubId: club.id });
    const manager = await createPerson(db, { clubId: club.id, type: 'database' });
    const otherManager = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    const admin = await createPerson(db, { isAdmin: true });
    expect((await getAs(member, archived.id)).statusCode).toBe(404);
    expect((await getAs(otherManager, archived.id)).statusCode).toBe(404);
    expect((await getAs(manager, archived.id)).json()).toMatchObject({ id: archived.id, state: 90 });
    expect((await getAs(admin, archived.id)).statusCode).toBe(200);
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
