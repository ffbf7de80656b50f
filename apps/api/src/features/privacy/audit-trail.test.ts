import { EntityState } from '@bpw/domain/enums/entity-state';
import type { AuditTrail } from '@bpw/domain/schemas/audit-trail';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, isoDay, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { reportFigure, testDatabaseKind } from '../../../test/reliability/figures';
import { auditEntries } from '../../db/schema/audit-log';

describe('GET person/{id}/audit-entry (issue 9: who did what to a person)', () => {
  let t: TestApp;
  let club: { id: string; name: string };
  let admin: CreatedPerson;
  let manager: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    club = await createClub(t.database.db);
    admin = await createPerson(t.database.db, { isAdmin: true, firstname: 'Ada', lastname: 'Admin' });
    manager = await createPerson(t.database.db, {
      clubId: club.id,
      type: 'database',
      firstname: 'Mia',
      lastname: 'Managerin',
    });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const trailOf = async (caller: CreatedPerson, id: string, query = '') =>
    (await as(caller))({ url: `/api/v1/person/${id}/audit-entry${query}` });

  /** A person created, changed, given a club role, archived, reactivated and exported through the API. */
  async function personWithHistory() {
    const asAdmin = await as(admin);
    const created = await asAdmin({
      method: 'POST',
      url: '/api/v1/person',
      payload: {
        username: `trail-${Date.now()}-${Math.random()}@example.test`,
        password: 'Wiesen-Blume-77',
        firstname: 'Tara',
        lastname: 'Trail',
        birthday: '1990-06-15',
        language: 'de',
        clubId: club.id,
        membershipType: 0,
        clubFrom: isoDay(-10),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const asManager = await as(manager);
    const put = await asManager({
      method: 'PUT',
      url: `/api/v1/person/${id}`,
      payload: { lastname: 'Trail', firstname: 'Tara', languageCode: 'fr', birthday: '1990-06-15' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const relation = await asManager({
      method: 'POST',
      url: `/api/v1/person/${id}/club`,
      payload: { clubId: club.id, type: 400, from: isoDay(-1) },
    });
    expect(relation.statusCode, relation.body).toBe(201);
    for (const state of [EntityState.Archived, EntityState.Active]) {
      const res = await asAdmin({ method: 'PUT', url: `/api/v1/person/${id}/state`, payload: { state } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const exported = await asAdmin({ url: `/api/v1/export?OutputFormat=30&Clubs=${club.id}` });
    expect(exported.statusCode).toBe(200);
    return id;
  }

  it('shows admins who created, changed, archived, reactivated and exported the person, newest first', async () => {
    const id = await personWithHistory();
    // The export's entry is completed just after its response ended.
    await expect.poll(async () => ((await trailOf(admin, id)).json() as AuditTrail).items[0]?.isComplete).toBe(true);
    const res = await trailOf(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    const trail = res.json() as AuditTrail;
    reportFigure(
      'audit trail',
      testDatabaseKind(),
      `${trail.total} of 6 actions on the trail, ${trail.items.filter((e) => e.actor?.firstname).length} with the actor's name`,
    );
    expect(trail.total).toBe(6);
    expect(trail.items.map((e) => `${e.entity}.${e.action}`)).toEqual([
      'persons.exported',
      'person.reactivated',
      'person.archived',
      'clubRelation.created',
      'person.updated',
      'person.created',
    ]);
    const ada = { id: admin.id, firstname: 'Ada', lastname: 'Admin' };
    const mia = { id: manager.id, firstname: 'Mia', lastname: 'Managerin' };
    expect(trail.items.map((e) => e.actor)).toEqual([ada, ada, ada, mia, mia, ada]);
    expect(trail.items[0]).toMatchObject({ outputFormat: 30, isComplete: true, club: null });
    expect(trail.items[0]!.rowCount).toBeGreaterThanOrEqual(2);
    expect(trail.items[3]).toMatchObject({ club: { id: club.id, name: club.name }, membershipType: 400 });
    expect(trail.items.every((e) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(e.at))).toBe(true);
  });

  it('pages the trail and refuses everybody but admins', async () => {
    const id = await personWithHistory();
    const first = (await trailOf(admin, id, '?PerPage=4')).json() as AuditTrail;
    const second = (await trailOf(admin, id, '?PerPage=4&Page=1')).json() as AuditTrail;
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(6);
    expect((await trailOf(admin, id, '?PerPage=0')).json().items).toHaveLength(6);

    expect((await trailOf(manager, id)).statusCode).toBe(403);
    const member = await createPerson(t.database.db, { clubId: club.id });
    expect((await trailOf(member, member.id)).statusCode).toBe(403);
    expect((await trailOf(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await trailOf(admin, 'not-a-uuid')).statusCode).toBe(400);
    expect((await trailOf(admin, id, '?PerPage=-1')).statusCode).toBe(400);
  });

  it('keeps the entries after the person is deleted, with her id and no name', async () => {
    const id = await personWithHistory();
    const res = await (await as(admin))({ method: 'DELETE', url: `/api/v1/person/${id}` });
    expect(res.statusCode, res.body).toBe(204);
    const kept = await t.database.db.select().from(auditEntries).where(eq(auditEntries.subjectPersonId, id));
    expect(kept.map((e) => e.action).sort()).toEqual(
      ['archived', 'created', 'created', 'deleted', 'reactivated', 'updated'].sort(),
    );
    const deleted = kept.find((e) => e.action === 'deleted')!;
    expect(deleted).toMatchObject({ entity: 'person', entityId: id, actorPersonId: admin.id });
    const names = (JSON.stringify(kept).match(/Tara|Trail|example\.test/g) ?? []).length;
    reportFigure(
      'audit trail after deletion',
      testDatabaseKind(),
      `${kept.length} entries kept with her id, ${names} names`,
    );
    expect(names).toBe(0);
    // There is no person page any more: the trail answers 404 like the person does.
    expect((await trailOf(admin, id)).statusCode).toBe(404);
  });

  it('shows an actor who was deleted since without a name', async () => {
    const formerManager = await createPerson(t.database.db, { clubId: club.id, type: 'database' });
    const target = await createPerson(t.database.db, { clubId: club.id });
    const put = await (
      await as(formerManager)
    )({
      method: 'PUT',
      url: `/api/v1/person/${target.id}`,
      payload: { lastname: 'Geändert', languageCode: 'de', birthday: '1980-05-17' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await (await as(admin))({ method: 'DELETE', url: `/api/v1/person/${formerManager.id}` })).statusCode).toBe(
      204,
    );
    const trail = (await trailOf(admin, target.id)).json() as AuditTrail;
    expect(trail.items[0]).toMatchObject({
      action: 'updated',
      actor: { id: formerManager.id, firstname: null, lastname: null },
    });
  });
});
