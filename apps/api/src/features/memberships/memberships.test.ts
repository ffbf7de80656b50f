import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createMembership,
  createPerson,
  injectAs,
  isoDay,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';

describe('club memberships: GET/POST person/{id}/club, GET club/{id}/person', () => {
  let t: TestApp;
  let clubA: { id: string; name: string };
  let clubB: { id: string; name: string };
  let admin: CreatedPerson;
  let managerA: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    clubA = await createClub(t.database.db, { name: 'BPW Aarau' });
    clubB = await createClub(t.database.db, { name: 'BPW Basel' });
    admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    managerA = await createPerson(t.database.db, { clubId: clubA.id, type: 'database', languageCode: 'en' });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) => {
    const inject = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
    return {
      list: (personId: string) => inject({ url: `/api/v1/person/${personId}/club` }),
      add: (personId: string, payload: object) =>
        inject({ method: 'POST', url: `/api/v1/person/${personId}/club`, payload }),
      club: (clubId: string) => inject({ url: `/api/v1/club/${clubId}/person` }),
    };
  };

  it('lists a person’s relations, newest from first, with their club', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { clubId: clubA.id, from: '2019-01-01' });
    await createMembership(db, {
      personId: person.id,
      clubId: clubB.id,
      type: 'president',
      from: '2022-03-01',
      to: '2023-12-31',
    });
    const res = await (await as(await createPerson(db))).list(person.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([
      {
        personId: person.id,
        clubId: clubB.id,
        type: 110,
        membershipTypeLabel: null,
        from: '2022-03-01',
        to: '2023-12-31',
        club: { id: clubB.id, name: 'BPW Basel', clubType: 0 },
      },
      { clubId: clubA.id, type: 0, from: '2019-01-01', to: null, club: { name: 'BPW Aarau' } },
    ]);
    expect((await (await as(admin)).list('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets a club manager assign any person to her club, not to another one', async () => {
    const person = await createPerson(t.database.db, { clubId: clubB.id });
    const { add } = await as(managerA);
    const res = await add(person.id, { clubId: clubA.id, type: 300, from: '2024-02-01', to: '2024-12-31' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      personId: person.id,
      clubId: clubA.id,
      type: 300,
      from: '2024-02-01',
      to: '2024-12-31',
      club: { name: 'BPW Aarau' },
    });
    const audit = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, res.json().id));
    expect(audit).toMatchObject([{ action: 'created', entity: 'clubRelation', actorPersonId: managerA.id }]);
    expect((await add(person.id, { clubId: clubB.id, type: 300, from: '2024-02-01' })).statusCode).toBe(403);
    for (const caller of [await createPerson(t.database.db, { clubId: clubA.id }), person]) {
      expect(
        (await (await as(caller)).add(person.id, { clubId: clubA.id, type: 0, from: '2024-01-01' })).statusCode,
      ).toBe(403);
    }
    expect(
      (await (await as(admin)).add(person.id, { clubId: clubB.id, type: 120, from: '2024-01-01' })).statusCode,
    ).toBe(201);
  });

  it('refuses new assignments for archived persons, unknown persons and clubs', async () => {
    const archived = await createPerson(t.database.db, { clubId: clubA.id, state: 90 });
    const { add } = await as(admin);
    const refused = await add(archived.id, { clubId: clubA.id, type: 0, from: '2024-01-01' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['This is not possible for an archived person.']);
    expect(
      (await add('00000000-0000-4000-8000-000000000000', { clubId: clubA.id, type: 0, from: '2024-01-01' })).statusCode,
    ).toBe(404);
    const fresh = await createPerson(t.database.db);
    const unknownClub = await add(fresh.id, {
      clubId: '00000000-0000-4000-8000-000000000000',
      type: 0,
      from: '2024-01-01',
    });
    expect(unknownClub.statusCode).toBe(400);
    expect(unknownClub.json().errors).toEqual(['Club is invalid.']);
  });

  it('gives the validation messages of spec 01 §5 "Club assignment"', async () => {
    const person = await createPerson(t.database.db);
    const { add } = await as(admin);
    const base = { clubId: clubA.id, type: 0, from: '2024-01-01' };
    const cases: [object, string[]][] = [
      [{}, ['Club must not be empty.', 'Type must not be empty.', 'From must not be empty.']],
      [{ ...base, type: 500 }, ['Label must not be empty.']],
      [{ ...base, type: 500, membershipTypeLabel: '  ' }, ['Label must not be empty.']],
      [{ ...base, membershipTypeLabel: 'Patin' }, ['Label is invalid.']],
      [{ ...base, type: 7 }, ['Type is invalid.']],
      [{ ...base, from: '2024-02-30' }, ['From is no valid date']],
      [{ ...base, to: '2023-12-31' }, ['To is invalid.']],
      [{ ...base, to: 'soon' }, ['To is no valid date']],
    ];
    for (const [payload, errors] of cases) {
      const res = await add(person.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    const other = await add(person.id, { ...base, type: 500, membershipTypeLabel: 'Patin', to: '' });
    expect(other.json()).toMatchObject({ type: 500, membershipTypeLabel: 'Patin', to: null });
  });

  it('lists a club’s relations with their person; archived ones only for admins and its managers', async () => {
    const db = t.database.db;
    const club = await createClub(db);
    const active = await createPerson(db, { clubId: club.id, firstname: 'Ida', lastname: 'Aktiv' });
    const archived = await createPerson(db, { clubId: club.id, state: 90 });
    const manager = await createPerson(db, { clubId: club.id, type: 'database' });
    const member = await as(await createPerson(db, { clubId: clubB.id }));
    const res = await member.club(club.id);
    expect(res.statusCode).toBe(200);
    const personIds = res.json().items.map((r: { personId: string }) => r.personId);
    expect(personIds).toContain(active.id);
    expect(personIds).not.toContain(archived.id);
    expect(res.json().items.find((r: { personId: string }) => r.personId === active.id)).toMatchObject({
      clubId: club.id,
      type: 0,
      person: { id: active.id, firstname: 'Ida', lastname: 'Aktiv', avatarId: null },
    });
    const asManager = (await (await as(manager)).club(club.id))
      .json()
      .items.map((r: { personId: string }) => r.personId);
    expect(asManager).toContain(archived.id);
    expect((await member.club('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/club/${club.id}/person` })).statusCode).toBe(401);
  });

  it('keeps a new relation open-ended by default and the dates in the database consistent', async () => {
    const person = await createPerson(t.database.db);
    const res = await (await as(admin)).add(person.id, { clubId: clubA.id, type: 400, from: isoDay(10) });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(clubRelations).where(eq(clubRelations.id, res.json().id));
    expect(row).toMatchObject({ to: null, type: 400, createdBy: admin.id });
  });
});
