import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, isoDay, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userAccounts } from '../../db/schema/accounts';
import { auditEntries } from '../../db/schema/audit-log';
import { persons } from '../../db/schema/persons';

describe('PUT person/{id} and GET person/{id}/sys-info', () => {
  let t: TestApp;
  let clubId: string;
  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) => {
    const inject = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
    return {
      put: (id: string, payload: object) => inject({ method: 'PUT', url: `/api/v1/person/${id}`, payload }),
      sysInfo: (id: string) => inject({ url: `/api/v1/person/${id}/sys-info` }),
    };
  };
  const valid = { lastname: 'Neu', languageCode: 'fr', birthday: '1985-03-04' };
  const stored = async (id: string) => (await t.database.db.select().from(persons).where(eq(persons.id, id)))[0]!;

  it('lets a person update her own profile and answers the detail', async () => {
    const me = await createPerson(t.database.db, { clubId });
    const coach = await createPerson(t.database.db);
    const payload = {
      ...valid,
      firstname: 'Erika',
      salutation: 0,
      title: 10,
      timeZone: 'Europe/Rome',
      countryCode: 'it',
      isProfilePublic: true,
      isCoach: true,
      employmentType: 30,
      bpwCourier: 10,
      advertising: 20,
      coach1: coach.id,
      coach2: null,
      mentoringTypes: [70, 10, 70],
      spokenLanguages: ['it', 'de'],
    };
    const res = await (await as(me)).put(me.id, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstname: 'Erika',
      lastname: 'Neu',
      languageCode: 'fr',
      birthday: '1985-03-04',
      countryCode: 'IT',
      timeZone: 'Europe/Rome',
      coach1: { id: coach.id },
      coach2: null,
      mentoringAreas: [{ personMentoringType: 10 }, { personMentoringType: 70 }],
      spokenLanguages: [{ languageCode: 'de' }, { languageCode: 'it' }],
      advertising: 20,
      isCoach: true,
    });
    // a second update replaces the lists
    const again = await (await as(me)).put(me.id, { ...valid, mentoringTypes: [], spokenLanguages: ['en'] });
    expect(again.json()).toMatchObject({
      mentoringAreas: [],
      spokenLanguages: [{ languageCode: 'en' }],
      firstname: null,
    });
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, me.id), eq(auditEntries.action, 'updated')));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorPersonId: me.id, entity: 'person' });
  });

  it('changes nothing but the payload fields (mass assignment)', async () => {
    const me = await createPerson(t.database.db, { clubId });
    const otherClub = await createClub(t.database.db);
    const before = await stored(me.id);
    const res = await (
      await as(me)
    ).put(me.id, {
      ...valid,
      id: '00000000-0000-4000-8000-000000000000',
      state: 90,
      username: 'hijack@example.test',
      isAdmin: true,
      primaryClubId: otherClub.id,
      avatarId: '00000000-0000-4000-8000-000000000001',
      createdBy: '00000000-0000-4000-8000-000000000002',
    });
    expect(res.statusCode).toBe(200);
    const after = await stored(me.id);
    expect(after).toMatchObject({
      id: me.id,
      state: 0,
      primaryClubId: clubId,
      avatarId: null,
      createdBy: before.createdBy,
    });
    const [account] = await t.database.db.select().from(userAccounts).where(eq(userAccounts.personId, me.id));
    expect(account).toMatchObject({ username: me.username, isAdmin: false });
  });

  it('lets the presentation flag be set by managers only', async () => {
    const me = await createPerson(t.database.db, { clubId });
    const manager = await createPerson(t.database.db, { clubId, type: 'database' });
    await (await as(me)).put(me.id, { ...valid, isPresentationDone: true });
    expect((await stored(me.id)).isPresentationDone).toBe(false);
    await (await as(manager)).put(me.id, { ...valid, isPresentationDone: true });
    expect((await stored(me.id)).isPresentationDone).toBe(true);
    await (await as(me)).put(me.id, { ...valid, isPresentationDone: false });
    expect((await stored(me.id)).isPresentationDone).toBe(true);
  });

  it('refuses another member, and a manager of another club; allows the manager and admins', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { clubId });
    const member = await createPerson(db, { clubId });
    const otherManager = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    const eventManager = await createPerson(db, { clubId, type: 'responsibleEvents' });
    for (const caller of [member, otherManager, eventManager]) {
      expect((await (await as(caller)).put(person.id, valid)).statusCode).toBe(403);
    }
    expect((await stored(person.id)).lastname).not.toBe('Neu');
    const manager = await createPerson(db, { clubId, type: 'database' });
    expect((await (await as(manager)).put(person.id, valid)).statusCode).toBe(200);
    const admin = await createPerson(db, { isAdmin: true });
    expect((await (await as(admin)).put(person.id, { ...valid, lastname: 'Admin' })).statusCode).toBe(200);
    expect((await stored(person.id)).updatedBy).toBe(admin.id);
  });

  it('gives the validation messages of spec 01 §5 "Person"', async () => {
    const me = await createPerson(t.database.db, { clubId, languageCode: 'en' });
    const { put } = await as(me);
    const cases: [object, string[]][] = [
      [
        {},
        ['Lastname must not be empty.', 'Birthday must not be empty.', 'Correspondence language must not be empty.'],
      ],
      [{ ...valid, lastname: '  ' }, ['Lastname must not be empty.']],
      [{ ...valid, languageCode: 'es' }, ['Correspondence language is invalid.']],
      [{ ...valid, birthday: '1985-02-30' }, ['Birthday is no valid date']],
      [{ ...valid, birthday: isoDay(1) }, ['Birthday must not be in the future.']],
      [{ ...valid, salutation: 5, employmentType: 35 }, ['Salutation is invalid.', 'Employment type is invalid.']],
      [{ ...valid, timeZone: 'Mars/Base' }, ['Time zone is invalid.']],
      [{ ...valid, isCoach: 'yes' }, ['Coach is no valid boolean text value']],
      [{ ...valid, coach1: me.id }, ['Guarantor 1 is invalid.']],
      [{ ...valid, coach2: '00000000-0000-4000-8000-000000000000' }, ['Guarantor 2 is invalid.']],
      [{ ...valid, mentoringTypes: [5] }, ['Mentoring areas is invalid.']],
      [{ ...valid, lastname: 'x'.repeat(101) }, ['Lastname is too long.']],
    ];
    for (const [payload, errors] of cases) {
      const res = await put(me.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await put('00000000-0000-4000-8000-000000000000', valid)).statusCode).toBe(404);
  });

  it('shows sys-info to the person and her managers, the accepted-terms date to admins only', async () => {
    const db = t.database.db;
    const manager = await createPerson(db, { clubId, type: 'database', firstname: 'Mona', lastname: 'Manager' });
    const me = await createPerson(db, { clubId });
    await (await as(manager)).put(me.id, valid);
    const own = await (await as(me)).sysInfo(me.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      username: me.username,
      acceptedTermsAndConditionsAt: null,
      created: { by: null, firstname: null, lastname: null },
      updated: { by: manager.id, firstname: 'Mona', lastname: 'Manager' },
    });
    expect(own.json().updated.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const admin = await createPerson(db, { isAdmin: true });
    const asAdmin = await (await as(admin)).sysInfo(me.id);
    expect(asAdmin.json().acceptedTermsAndConditionsAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const member = await createPerson(db, { clubId });
    expect((await (await as(member)).sysInfo(me.id)).statusCode).toBe(403);
    const otherManager = await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' });
    expect((await (await as(otherManager)).sysInfo(me.id)).statusCode).toBe(403);
  });
});
