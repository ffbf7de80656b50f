import { randomUUID } from 'node:crypto';
import { type LanguageCode, languageCodeValues } from '@bpw/domain/enums/language';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, nextIp, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userAccounts } from '../../db/schema/accounts';

describe('change password, change username, roles', () => {
  let t: TestApp;
  let clubId: string;
  beforeAll(async () => {
    t = await createTestApp();
    clubId = (await createClub(t.database.db)).id;
  });
  afterAll(() => t.close());

  const as = async (person: CreatedPerson) => {
    const tokens = await signIn(t.app, person.username, person.password);
    const inject = injectAs(t.app, tokens.token);
    return {
      tokens,
      post: (url: string, payload: object, headers: Record<string, string> = {}) =>
        inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers }),
      get: (url: string) => inject({ url: `/api/v1/${url}` }),
    };
  };
  const refresh = (tokens: { token: string; refreshToken: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: tokens.refreshToken, jwtToken: tokens.token },
    });
  const canSignIn = async (username: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/authenticate',
        headers: { 'x-forwarded-for': nextIp() },
        payload: { username, password, acceptedTermsAndConditions: true },
      })
    ).statusCode === 200;

  describe('change-password', () => {
    it('changes the own password with the current one and ends the other sessions only', async () => {
      const person = await createPerson(t.database.db, { clubId });
      const other = await signIn(t.app, person.username, person.password);
      const me = await as(person);
      const res = await me.post('change-password', {
        userId: person.id,
        password: 'Neues-Passwort-7',
        currentPassword: person.password,
      });
      expect(res.statusCode).toBe(204);
      expect((await refresh(other)).statusCode).toBe(401);
      expect((await me.get(`person/${person.id}`)).statusCode).toBe(200);
      expect((await refresh(me.tokens)).statusCode).toBe(200);
      expect(await canSignIn(person.username, 'Neues-Passwort-7')).toBe(true);
      expect(await canSignIn(person.username, person.password)).toBe(false);
    });

    it('asks for the right current password on the own account', async () => {
      const person = await createPerson(t.database.db, { clubId });
      const me = await as(person);
      const missing = await me.post('change-password', { userId: person.id, password: 'Neues-Passwort-7' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual(['Aktuelles Passwort darf nicht leer sein.']);
      const wrong = await me.post('change-password', {
        userId: person.id,
        password: 'Neues-Passwort-7',
        currentPassword: 'Falsch-123',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual(['Das aktuelle Passwort ist nicht korrekt.']);
      expect(await canSignIn(person.username, person.password)).toBe(true);
    });

    it('lets a club manager set a managed person’s password without the current one', async () => {
      const manager = await createPerson(t.database.db, { clubId, type: 'database' });
      const member = await createPerson(t.database.db, { clubId });
      const session = await signIn(t.app, member.username, member.password);
      const res = await (await as(manager)).post('change-password', { userId: member.id, password: 'Vom-Club-2026' });
      expect(res.statusCode).toBe(204);
      expect((await refresh(session)).statusCode).toBe(401);
      expect(await canSignIn(member.username, 'Vom-Club-2026')).toBe(true);
    });

    it('refuses other persons, archived persons, weak or common passwords and unknown ids', async () => {
      const member = await createPerson(t.database.db, { clubId });
      const someone = await createPerson(t.database.db, { clubId });
      const archived = await createPerson(t.database.db, { clubId, state: 90 });
      const admin = await as(await createPerson(t.database.db, { isAdmin: true }));
      const asMember = await as(member);
      expect(
        (await asMember.post('change-password', { userId: someone.id, password: 'Neues-Passwort-7' })).statusCode,
      ).toBe(403);
      const onArchived = await admin.post('change-password', { userId: archived.id, password: 'Neues-Passwort-7' });
      expect(onArchived.statusCode).toBe(409);
      expect(onArchived.json().errors).toEqual(['Für eine archivierte Person ist das nicht möglich.']);
      expect((await admin.post('change-password', { userId: someone.id, password: 'weak' })).statusCode).toBe(400);
      const common = await admin.post('change-password', { userId: someone.id, password: 'Qwerty123' });
      expect(common.statusCode).toBe(400);
      expect(common.json().errors[0]).toContain('zu verbreitet');
      expect(
        (await admin.post('change-password', { userId: randomUUID(), password: 'Neues-Passwort-7' })).statusCode,
      ).toBe(404);
      expect((await admin.post('change-password', { userId: 'nope', password: 'Neues-Passwort-7' })).statusCode).toBe(
        400,
      );
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        payload: { userId: someone.id, password: 'Neues-Passwort-7' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('change-username', () => {
    it('changes the own username and ends the other sessions', async () => {
      const person = await createPerson(t.database.db, { clubId });
      const other = await signIn(t.app, person.username, person.password);
      const me = await as(person);
      const username = `renamed-${randomUUID()}@example.test`;
      expect((await me.post('change-username', { userId: person.id, username })).statusCode).toBe(204);
      expect((await refresh(other)).statusCode).toBe(401);
      expect((await refresh(me.tokens)).statusCode).toBe(200);
      expect(await canSignIn(username, person.password)).toBe(true);
      expect(await canSignIn(person.username, person.password)).toBe(false);
    });

    it('refuses a username in use (any case) with 409, invalid addresses with 400', async () => {
      const person = await createPerson(t.database.db, { clubId });
      const taken = await createPerson(t.database.db);
      const me = await as(person);
      const duplicate = await me.post(
        'change-username',
        { userId: person.id, username: taken.username.toUpperCase() },
        { 'accept-language': 'fr-CH' },
      );
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().errors).toEqual(['Dieser Benutzername wird bereits verwendet.']);
      const invalid = await me.post('change-username', { userId: person.id, username: 'no-address' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors).toEqual(['Benutzername ist keine gültige E-Mail-Adresse']);
    });

    it('follows the person-screen rules: managers yes, others and archived persons no', async () => {
      const manager = await as(await createPerson(t.database.db, { clubId, type: 'database' }));
      const member = await createPerson(t.database.db, { clubId });
      const archived = await createPerson(t.database.db, { clubId, state: 90 });
      const asOther = await as(await createPerson(t.database.db, { clubId }));
      const username = () => `x-${randomUUID()}@example.test`;
      expect((await manager.post('change-username', { userId: member.id, username: username() })).statusCode).toBe(204);
      expect((await asOther.post('change-username', { userId: member.id, username: username() })).statusCode).toBe(403);
      expect((await manager.post('change-username', { userId: archived.id, username: username() })).statusCode).toBe(
        409,
      );
    });
  });

  describe('toggle-role and roles', () => {
    it('lets an admin toggle Admin and committee of another person', async () => {
      const admin = await as(await createPerson(t.database.db, { isAdmin: true }));
      const person = await createPerson(t.database.db, { clubId });
      const toggle = (roleName: string) => admin.post('toggle-role', { userId: person.id, roleName });
      const first = await toggle('Admin');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual(['Admin', 'CentralExecutiveCommittee', 'member']);
      expect((await toggle('Admin')).json()).toEqual(['member']);
      expect((await toggle('CentralExecutiveCommittee')).json()).toEqual(['CentralExecutiveCommittee', 'member']);
      expect((await admin.get(`auth/${person.id}/role`)).json()).toEqual(['CentralExecutiveCommittee', 'member']);
      const [account] = await t.database.db.select().from(userAccounts).where(eq(userAccounts.personId, person.id));
      expect(account).toMatchObject({ isAdmin: false, isCentralCommittee: true });
    });

    it('refuses the own account with the spec’s message, in every language', async () => {
      const expected: Record<LanguageCode, string> = {
        en: "Administrator rights cannot be assigned / removed from one's own account.",
        de: 'Administratorrechte können dem eigenen Konto weder zugewiesen noch entzogen werden.',
        fr: 'Les droits d’administrateur ne peuvent pas être attribués à son propre compte ni en être retirés.',
        it: 'I diritti di amministratore non possono essere assegnati al proprio account né rimossi da esso.',
      };
      for (const languageCode of languageCodeValues) {
        const message = expected[languageCode];
        const person = await createPerson(t.database.db, { isAdmin: true, languageCode });
        const res = await (await as(person)).post('toggle-role', { userId: person.id, roleName: 'Admin' });
        expect(res.statusCode).toBe(403);
        expect(res.json().errors).toEqual([message]);
      }
    });

    it('refuses non-admins, unknown roles and unknown persons', async () => {
      const manager = await as(
        await createPerson(t.database.db, { clubId, type: 'database', isCentralCommittee: true }),
      );
      const admin = await as(await createPerson(t.database.db, { isAdmin: true }));
      const person = await createPerson(t.database.db);
      expect((await manager.post('toggle-role', { userId: person.id, roleName: 'Admin' })).statusCode).toBe(403);
      expect((await admin.post('toggle-role', { userId: person.id, roleName: 'SuperAdmin' })).statusCode).toBe(400);
      expect((await admin.post('toggle-role', { userId: randomUUID(), roleName: 'Admin' })).statusCode).toBe(404);
      const noAccount = await createPerson(t.database.db, { hasAccount: false });
      expect((await admin.post('toggle-role', { userId: noAccount.id, roleName: 'Admin' })).statusCode).toBe(404);
    });

    it('answers the role names of any person to any signed-in user', async () => {
      const member = await as(await createPerson(t.database.db, { clubId }));
      const manager = await createPerson(t.database.db, { clubId, type: 'database' });
      const interested = await createPerson(t.database.db, { clubId, type: 'interested', hasAccount: false });
      expect((await member.get(`auth/${manager.id}/role`)).json()).toEqual(['clubManager']);
      expect((await member.get(`auth/${interested.id}/role`)).json()).toEqual([]);
      expect((await member.get(`auth/${randomUUID()}/role`)).statusCode).toBe(404);
      expect((await member.get('auth/not-a-uuid/role')).statusCode).toBe(400);
      expect((await t.app.inject({ url: `/api/v1/auth/${manager.id}/role` })).statusCode).toBe(401);
    });
  });
});
