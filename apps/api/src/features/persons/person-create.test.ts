import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, isoDay, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userAccounts } from '../../db/schema/accounts';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

describe('POST person', () => {
  let t: TestApp;
  let clubId: string;
  let otherClubId: string;
  let admin: CreatedPerson;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
    otherClubId = (await createClub(t.database.db)).id;
    admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
  });
  afterAll(() => t.close());

  const create = async (caller: CreatedPerson, payload: object) =>
    injectAs(
      t.app,
      (await signIn(t.app, caller.username, caller.password)).token,
    )({
      method: 'POST',
      url: '/api/v1/person',
      payload,
    });
  const valid = () => ({
    username: `new-${++n}-${Date.now()}@example.test`,
    password: 'Wiesen-Blume-77',
    firstname: 'Nora',
    lastname: 'Neu',
    birthday: '1990-06-15',
    language: 'fr',
    clubId,
    membershipType: 0,
    clubFrom: isoDay(0),
  });

  it('creates person, account, first relation and primary club in one go (admin)', async () => {
    const payload = { ...valid(), clubId: otherClubId, membershipType: 500, membershipTypeLabel: 'Gönnerin' };
    const res = await create(admin, payload);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    expect(res.json()).toMatchObject({
      firstname: 'Nora',
      lastname: 'Neu',
      languageCode: 'fr',
      primaryClubId: otherClubId,
      state: 0,
    });
    const db = t.database.db;
    const [person] = await db.select().from(persons).where(eq(persons.id, id));
    expect(person).toMatchObject({ birthday: '1990-06-15', createdBy: admin.id, primaryClubId: otherClubId });
    const relations = await db.select().from(clubRelations).where(eq(clubRelations.personId, id));
    expect(relations).toMatchObject([
      { clubId: otherClubId, type: 500, membershipTypeLabel: 'Gönnerin', from: payload.clubFrom, to: null },
    ]);
    const [account] = await db.select().from(userAccounts).where(eq(userAccounts.personId, id));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await signIn(t.app, payload.username, payload.password)).toHaveProperty('token');
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.entityId, id));
    expect(audit).toMatchObject([{ action: 'created', entity: 'person', actorPersonId: admin.id }]);
  });

  it('lets club managers create in the clubs they manage only', async () => {
    const db = t.database.db;
    const manager = await createPerson(db, { clubId, type: 'database' });
    expect((await create(manager, valid())).statusCode).toBe(201);
    expect((await create(manager, { ...valid(), clubId: otherClubId })).statusCode).toBe(403);
    expect((await create(manager, { ...valid(), clubId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      403,
    );
    for (const caller of [
      await createPerson(db, { clubId }),
      await createPerson(db, { clubId, type: 'responsibleEvents' }),
      await createPerson(db, { clubId, isCentralCommittee: true }),
    ]) {
      expect((await create(caller, valid())).statusCode).toBe(403);
    }
  });

  it('refuses a taken username (case-insensitive) with 409 and creates nothing', async () => {
    const payload = valid();
    expect((await create(admin, payload)).statusCode).toBe(201);
    const again = await create(admin, { ...valid(), username: payload.username.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['This username is already in use.']);
    const named = await t.database.db.select().from(userAccounts).where(eq(userAccounts.username, payload.username));
    expect(named).toHaveLength(1);
  });

  it('gives the validation messages of spec 01 §5 "Create person"', async () => {
    const cases: [object, string[]][] = [
      [
        {},
        [
          'Username must not be empty.',
          'Password must not be empty.',
          'Lastname must not be empty.',
          'Birthday must not be empty.',
          'Language must not be empty.',
          'Club must not be empty.',
          'Membership type must not be empty.',
          'Member since must not be empty.',
        ],
      ],
      [{ ...valid(), username: 'nora' }, ['Username is no valid email address']],
      [{ ...valid(), password: 'alllowercase1' }, ['Password is invalid.']],
      [{ ...valid(), password: 'Passwort1' }, ['Password is too common and easy to guess. Please choose another one.']],
      [{ ...valid(), membershipType: 500 }, ['Label must not be empty.']],
      [{ ...valid(), membershipTypeLabel: 'Gönnerin' }, ['Label is invalid.']],
      [{ ...valid(), membershipType: 120 }, ['Membership type is invalid.']],
      [{ ...valid(), language: 'rm' }, ['Language is invalid.']],
      [{ ...valid(), clubId: 'bern' }, ['Club is invalid.']],
      [{ ...valid(), clubId: '00000000-0000-4000-8000-000000000000' }, ['Club is invalid.']],
      [{ ...valid(), birthday: '1990-13-01' }, ['Birthday is no valid date']],
      [
        { ...valid(), birthday: isoDay(1), clubFrom: isoDay(1) },
        ['Birthday must not be in the future.', 'Member since must not be in the future.'],
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await create(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
  });

  it('ignores fields outside the payload (mass assignment)', async () => {
    const res = await create(admin, {
      ...valid(),
      id: '00000000-0000-4000-8000-000000000009',
      state: 90,
      isAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(id).not.toBe('00000000-0000-4000-8000-000000000009');
    expect(res.json().state).toBe(0);
    const [account] = await t.database.db.select().from(userAccounts).where(eq(userAccounts.personId, id));
    expect(account!.isAdmin).toBe(false);
  });
});
