import { and, eq } from 'drizzle-orm';
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
import { persons } from '../../db/schema/persons';

describe('club memberships: PUT person/{personId}/club/{id}, DELETE person/{id}/club/{relationId}', () => {
  let t: TestApp;
  let clubA: string;
  let clubB: string;
  let admin: CreatedPerson;
  let managerA: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    clubA = (await createClub(t.database.db)).id;
    clubB = (await createClub(t.database.db)).id;
    admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    managerA = await createPerson(t.database.db, { clubId: clubA, type: 'database', languageCode: 'en' });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) => {
    const inject = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
    return {
      put: (personId: string, id: string, payload: object) =>
        inject({ method: 'PUT', url: `/api/v1/person/${personId}/club/${id}`, payload }),
      remove: (personId: string, id: string) =>
        inject({ method: 'DELETE', url: `/api/v1/person/${personId}/club/${id}` }),
    };
  };
  const relation = async (id: string) =>
    (await t.database.db.select().from(clubRelations).where(eq(clubRelations.id, id)))[0];

  it('changes only from and to, for the managers of the relation’s club', async () => {
    const person = await createPerson(t.database.db);
    const { id } = await createMembership(t.database.db, { personId: person.id, clubId: clubA, type: 'interested' });
    const { put } = await as(managerA);
    const res = await put(person.id, id, {
      from: '2021-05-01',
      to: '2022-04-30',
      type: 120,
      clubId: clubB,
      personId: admin.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      from: '2021-05-01',
      to: '2022-04-30',
      type: 300,
      clubId: clubA,
      personId: person.id,
    });
    expect(await relation(id)).toMatchObject({ type: 300, clubId: clubA, personId: person.id, updatedBy: managerA.id });
    const open = await put(person.id, id, { from: '2021-05-01', to: null });
    expect(open.json().to).toBeNull();
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'updated')));
    expect(audit).toHaveLength(2);
  });

  it('refuses managers of other clubs and members; a relation under another person is not found', async () => {
    const db = t.database.db;
    const person = await createPerson(db);
    const { id } = await createMembership(db, { personId: person.id, clubId: clubA });
    const body = { from: '2020-01-01', to: null };
    for (const caller of [
      await createPerson(db, { clubId: clubB, type: 'database' }),
      await createPerson(db, { clubId: clubA }),
      person,
    ]) {
      const { put, remove } = await as(caller);
      expect((await put(person.id, id, body)).statusCode).toBe(403);
      expect((await remove(person.id, id)).statusCode).toBe(403);
    }
    const other = await createPerson(db);
    const { put, remove } = await as(admin);
    expect((await put(other.id, id, body)).statusCode).toBe(404);
    expect((await remove(other.id, id)).statusCode).toBe(404);
    expect(await relation(id)).toBeDefined();
  });

  it('validates the dates', async () => {
    const person = await createPerson(t.database.db);
    const { id } = await createMembership(t.database.db, { personId: person.id, clubId: clubA });
    const { put } = await as(admin);
    const cases: [object, string[]][] = [
      [{}, ['From must not be empty.']],
      [{ from: '2020-01-01', to: '2019-12-31' }, ['To is invalid.']],
      [{ from: '01.01.2020' }, ['From is no valid date']],
    ];
    for (const [payload, errors] of cases) {
      const res = await put(person.id, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await put(person.id, 'x', { from: '2020-01-01' })).statusCode).toBe(400);
  });

  it('does not edit inactive relations of archived persons (spec 01 §4), but active ones', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { state: 90 });
    const past = await createMembership(db, {
      personId: person.id,
      clubId: clubA,
      from: '2010-01-01',
      to: '2015-12-31',
    });
    const active = await createMembership(db, { personId: person.id, clubId: clubA, from: '2016-01-01' });
    const { put } = await as(managerA);
    const refused = await put(person.id, past.id, { from: '2010-01-01', to: '2016-12-31' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['Past club assignments of an archived person cannot be edited.']);
    expect((await put(person.id, active.id, { from: '2016-01-01', to: isoDay(0) })).statusCode).toBe(200);
  });

  it('deletes a relation; the primary club goes when no relation with it is left', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { clubId: clubA });
    const [first] = await db.select().from(clubRelations).where(eq(clubRelations.personId, person.id));
    const second = await createMembership(db, { personId: person.id, clubId: clubA, type: 'board' });
    const { remove } = await as(managerA);
    expect((await remove(person.id, second.id)).statusCode).toBe(204);
    const primary = async () =>
      (await db.select({ id: persons.primaryClubId }).from(persons).where(eq(persons.id, person.id)))[0]!.id;
    expect(await primary()).toBe(clubA);
    expect((await remove(person.id, first!.id)).statusCode).toBe(204);
    expect(await primary()).toBeNull();
    expect(await relation(first!.id)).toBeUndefined();
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.entityId, first!.id));
    expect(audit).toMatchObject([{ action: 'deleted', entity: 'clubRelation', actorPersonId: managerA.id }]);
    expect((await remove(person.id, first!.id)).statusCode).toBe(404);
  });

  it('ends the club manager role with the deleted database relation', async () => {
    const db = t.database.db;
    const manager = await createPerson(db, { clubId: clubB, type: 'database' });
    const [rel] = await db.select().from(clubRelations).where(eq(clubRelations.personId, manager.id));
    const person = await createPerson(db, { clubId: clubB });
    const [personRel] = await db.select().from(clubRelations).where(eq(clubRelations.personId, person.id));
    const { put } = await as(manager);
    expect((await put(person.id, personRel!.id, { from: '2020-01-01' })).statusCode).toBe(200);
    expect((await (await as(admin)).remove(manager.id, rel!.id)).statusCode).toBe(204);
    expect((await put(person.id, personRel!.id, { from: '2020-01-01' })).statusCode).toBe(403);
  });
});
