import { type LanguageCode, languageCodeValues } from '@bpw/domain/enums/language';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createMembership,
  createPerson,
  injectAs,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';
import { storedFiles } from '../../db/schema/files';
import { persons } from '../../db/schema/persons';

describe('PUT person/{id}/state and DELETE person/{id}', () => {
  let t: TestApp;
  let clubId: string;
  let admin: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
    admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) => {
    const inject = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
    return {
      state: (id: string, payload: object) => inject({ method: 'PUT', url: `/api/v1/person/${id}/state`, payload }),
      remove: (id: string, headers: Record<string, string> = {}) =>
        inject({ method: 'DELETE', url: `/api/v1/person/${id}`, headers }),
    };
  };
  const me = (token: string, id: string) => injectAs(t.app, token)({ url: `/api/v1/person/${id}` });
  const refresh = (tokens: { token: string; refreshToken: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: tokens.refreshToken, jwtToken: tokens.token },
    });
  const actions = async (id: string) =>
    (await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, id))).map((a) => a.action);

  it('archives a member: her sessions end; reactivating does not bring them back', async () => {
    const person = await createPerson(t.database.db, { clubId });
    const tokens = await signIn(t.app, person.username, person.password);
    const { state } = await as(admin);
    const archived = await state(person.id, { state: 90 });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: person.id, state: 90 });
    expect((await me(tokens.token, person.id)).statusCode).toBe(401);
    expect((await state(person.id, { state: 90 })).statusCode).toBe(200); // again: no change
    const reactivated = await state(person.id, { state: 0 });
    expect(reactivated.json().state).toBe(0);
    expect((await refresh(tokens)).statusCode).toBe(401);
    expect(await actions(person.id)).toEqual(['archived', 'reactivated']);
    expect(await signIn(t.app, person.username, person.password)).toHaveProperty('token');
  });

  it('archives only with no relation or one that is not external (spec 01 §4)', async () => {
    const db = t.database.db;
    const { state } = await as(admin);
    const external = await createPerson(db, { clubId, type: 'interested' });
    await createMembership(db, { personId: external.id, clubId, type: 'company' });
    const refused = await state(external.id, { state: 90 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(['A person whose club roles are all external cannot be archived.']);
    const mixed = await createPerson(db, { clubId, type: 'speaker' });
    await createMembership(db, { personId: mixed.id, clubId, type: 'board' });
    expect((await state(mixed.id, { state: 90 })).statusCode).toBe(200);
    const none = await createPerson(db);
    expect((await state(none.id, { state: 90 })).statusCode).toBe(200);
  });

  it('is for admins only, never on the own account, and validates the state', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { clubId });
    const manager = await createPerson(db, { clubId, type: 'database' });
    expect((await (await as(manager)).state(person.id, { state: 90 })).statusCode).toBe(403);
    expect((await (await as(person)).state(person.id, { state: 90 })).statusCode).toBe(403);
    const { state } = await as(admin);
    const own = await state(admin.id, { state: 90 });
    expect(own.statusCode).toBe(403);
    expect(own.json().errors).toEqual(['You cannot archive your own account.']);
    expect((await state(person.id, {})).json().errors).toEqual(['State must not be empty.']);
    expect((await state(person.id, { state: 1 })).json().errors).toEqual(['State is invalid.']);
    expect((await state('00000000-0000-4000-8000-000000000000', { state: 90 })).statusCode).toBe(404);
    const [row] = await db.select({ state: persons.state }).from(persons).where(eq(persons.id, person.id));
    expect(row!.state).toBe(0);
  });

  it('deletes a person for her manager: account, relations and sessions go, an audit entry stays', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { clubId });
    const [avatar] = await db
      .insert(storedFiles)
      .values({ kind: 'avatar', mimeType: 'image/webp', byteSize: 1 })
      .returning();
    await db.update(persons).set({ avatarId: avatar!.id }).where(eq(persons.id, person.id));
    const tokens = await signIn(t.app, person.username, person.password);
    const manager = await createPerson(db, { clubId, type: 'database' });
    const res = await (await as(manager)).remove(person.id);
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(persons).where(eq(persons.id, person.id))).toEqual([]);
    expect(await db.select().from(clubRelations).where(eq(clubRelations.personId, person.id))).toEqual([]);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.id, avatar!.id))).toEqual([]);
    expect((await me(tokens.token, manager.id)).statusCode).toBe(401);
    expect((await refresh(tokens)).statusCode).toBe(401);
    const audit = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, person.id), eq(auditEntries.action, 'deleted')));
    expect(audit).toMatchObject([{ actorPersonId: manager.id, entity: 'person' }]);
    expect((await (await as(manager)).remove(person.id)).statusCode).toBe(404);
  });

  it('never deletes the own account, with the spec message in the caller’s language', async () => {
    const expected: Record<LanguageCode, string> = {
      de: 'Sie können Ihr eigenes Konto nicht löschen. Das Konto muss von einer anderen Person gelöscht werden.',
      fr: 'Vous ne pouvez pas supprimer votre propre compte. Le compte doit être supprimé par une autre personne.',
      it: 'Non può eliminare il proprio account. L’account deve essere eliminato da un’altra persona.',
      en: 'You cannot delete your own account. The account has to be deleted by another person.',
    };
    for (const languageCode of languageCodeValues) {
      const message = expected[languageCode];
      const self = await createPerson(t.database.db, { clubId, type: 'database', languageCode });
      const res = await (await as(self)).remove(self.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual([message]);
    }
  });

  it('refuses members, managers of another club, and club managers deleting an admin', async () => {
    const db = t.database.db;
    const person = await createPerson(db, { clubId });
    for (const caller of [
      await createPerson(db, { clubId }),
      await createPerson(db, { clubId, type: 'responsibleEvents' }),
      await createPerson(db, { clubId: (await createClub(db)).id, type: 'database' }),
    ]) {
      expect((await (await as(caller)).remove(person.id)).statusCode).toBe(403);
    }
    const adminOfClub = await createPerson(db, { clubId, isAdmin: true });
    const manager = await createPerson(db, { clubId, type: 'database' });
    expect((await (await as(manager)).remove(adminOfClub.id)).statusCode).toBe(403);
    expect((await (await as(admin)).remove(adminOfClub.id)).statusCode).toBe(204);
    expect(await db.select().from(persons).where(eq(persons.id, person.id))).toHaveLength(1);
  });
});
