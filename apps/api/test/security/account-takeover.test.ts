import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema/mail-outbox';
import { type CreatedPerson, createClub, createMembership, createPerson, injectAs, nextIp, signIn } from '../factories';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Issue 15, played as an attacker would over HTTP: a club database manager tries to take over an
 * administrator (change her password or username, mail herself a link, delete her), first as the
 * manager of the admin's primary club, then after assigning a club-less admin or person to her own
 * club. Every credential path follows one rule (canControlAccount, docs/decisions/credentials.md).
 * Also: password links die with a change of username or password and with a newer link, logout
 * ends only the caller's own sign-in, and forgot-password answers every address alike.
 */
describe('account takeover by a club manager, and the sign-in paths around it (issue 15)', () => {
  let t: TestApp;
  let clubA: string;
  let clubB: string;
  let manager: CreatedPerson;
  let asManager: ReturnType<typeof injectAs>;

  const newPassword = 'Uebernahme-Versuch-42';
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { 'x-forwarded-for': nextIp(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });
  const canSignIn = async (username: string, password: string) =>
    (await post('auth/authenticate', { username, password, acceptedTermsAndConditions: true })).statusCode === 200;
  const mails = () => t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  const mailsTo = async (address: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))).length;
  const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  /** Every credential path the manager could use on `target`, as the status codes she gets. */
  async function attack(target: CreatedPerson) {
    const as = (url: string, payload: object) =>
      asManager({ method: 'POST', url: `/api/v1/${url}`, headers: { 'x-forwarded-for': nextIp() }, payload });
    return {
      changePassword: (await as('auth/change-password', { userId: target.id, password: newPassword })).statusCode,
      changeUsername: (await as('auth/change-username', { userId: target.id, username: 'attacker@example.test' }))
        .statusCode,
      toggleRole: (await as('auth/toggle-role', { userId: target.id, roleName: 'Admin' })).statusCode,
      archive: (
        await asManager({
          method: 'PUT',
          url: `/api/v1/person/${target.id}/state`,
          headers: { 'x-forwarded-for': nextIp() },
          payload: { state: 90 },
        })
      ).statusCode,
      delete: (await asManager({ method: 'DELETE', url: `/api/v1/person/${target.id}` })).statusCode,
    };
  }
  const refused = { changePassword: 403, changeUsername: 403, toggleRole: 403, archive: 403, delete: 403 };

  /** A reset or invitation for `target` asked by the manager: answered as the anonymous forgot-password. */
  async function expectNoLinkForManager(target: CreatedPerson) {
    await t.database.db.delete(mailOutbox);
    for (const mailTemplate of ['welcome', 'basic']) {
      const res = await asManager({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        headers: { 'x-forwarded-for': nextIp() },
        payload: { email: target.username, mailTemplate },
      });
      expect(res.statusCode).toBe(204);
    }
    // At most her own reset links, to her own address, as anyone could ask for: no invitation.
    for (const mail of await mails()) {
      expect(mail.toAddress).toBe(target.username);
      expect(mail.subject).toBe('Neues Passwort festlegen');
    }
  }

  async function assignToManagersClub(person: CreatedPerson, type: number) {
    const res = await asManager({
      method: 'POST',
      url: `/api/v1/person/${person.id}/club`,
      headers: { 'x-forwarded-for': nextIp() },
      payload: { clubId: clubA, type, from: '2020-01-01' },
    });
    expect(res.statusCode).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    clubA = (await createClub(db)).id;
    clubB = (await createClub(db)).id;
    manager = await createPerson(db, { clubId: clubA, type: 'database', firstname: 'Mallory' });
    asManager = injectAs(t.app, (await signIn(t.app, manager.username, manager.password)).token);
  });
  afterAll(() => t.close());

  it('refuses every credential path on an admin whose primary club she manages; the admin still signs in', async () => {
    const admin = await createPerson(t.database.db, { clubId: clubA, isAdmin: true, firstname: 'Ada' });
    expect(await attack(admin)).toEqual(refused);
    await expectNoLinkForManager(admin);
    expect(await canSignIn(admin.username, admin.password)).toBe(true);
    expect(await canSignIn('attacker@example.test', newPassword)).toBe(false);
  });

  it('refuses them on a central committee member of her club too', async () => {
    const committee = await createPerson(t.database.db, { clubId: clubA, isCentralCommittee: true });
    expect(await attack(committee)).toEqual(refused);
    expect(await canSignIn(committee.username, committee.password)).toBe(true);
  });

  it('refuses them after she assigns the club-less first admin, or a club-less person, to her club', async () => {
    const firstAdmin = await createPerson(t.database.db, { isAdmin: true, firstname: 'Erste' });
    const clubless = await createPerson(t.database.db, { firstname: 'Ohne' });
    for (const [person, type] of [
      [firstAdmin, 300], // interested
      [clubless, 0], // single
    ] as const) {
      expect(await attack(person)).toEqual(refused);
      await assignToManagersClub(person, type);
      expect(await attack(person)).toEqual(refused);
      await expectNoLinkForManager(person);
      expect(await canSignIn(person.username, person.password)).toBe(true);
    }
  });

  it('refuses them on a member of her club who is event manager of another club', async () => {
    const eventManagerOfB = await createPerson(t.database.db, { clubId: clubA });
    await createMembership(t.database.db, { personId: eventManagerOfB.id, clubId: clubB, type: 'responsibleEvents' });
    expect(await attack(eventManagerOfB)).toEqual(refused);
    await expectNoLinkForManager(eventManagerOfB);
    expect(await canSignIn(eventManagerOfB.username, eventManagerOfB.password)).toBe(true);
  });

  it('still lets her change the credentials of an ordinary member of her club', async () => {
    const member = await createPerson(t.database.db, { clubId: clubA });
    const as = (url: string, payload: object) =>
      asManager({ method: 'POST', url: `/api/v1/${url}`, headers: { 'x-forwarded-for': nextIp() }, payload });
    expect((await as('auth/change-password', { userId: member.id, password: newPassword })).statusCode).toBe(204);
    expect(await canSignIn(member.username, newPassword)).toBe(true);
    const renamed = `renamed-${member.id}@example.test`;
    expect((await as('auth/change-username', { userId: member.id, username: renamed })).statusCode).toBe(204);
    expect(await canSignIn(renamed, newPassword)).toBe(true);
    await t.database.db.delete(mailOutbox);
    expect((await as('auth/reset-password', { email: renamed, mailTemplate: 'welcome' })).statusCode).toBe(204);
    expect((await mails()).map((m) => [m.toAddress, m.subject])).toEqual([[renamed, 'Willkommen bei BPW Switzerland']]);
    expect((await asManager({ method: 'DELETE', url: `/api/v1/person/${member.id}` })).statusCode).toBe(204);
  });

  describe('password links', () => {
    it('a link mailed to the old address dies when the username changes', async () => {
      const person = await createPerson(t.database.db);
      await t.database.db.delete(mailOutbox);
      expect((await post('auth/reset-password', { email: person.username })).statusCode).toBe(204);
      const link = tokenOf((await mails())[0]!.textBody)!;
      const { token } = await signIn(t.app, person.username, person.password);
      const renamed = `new-${person.id}@example.test`;
      expect((await post('auth/change-username', { userId: person.id, username: renamed }, token)).statusCode).toBe(
        204,
      );
      const res = await post('auth/set-password', { token: link, password: newPassword });
      expect(res.statusCode).toBe(400);
      expect(await canSignIn(renamed, person.password)).toBe(true);
      expect(await canSignIn(renamed, newPassword)).toBe(false);
    });

    it('a link dies when the password changes, and a newer link ends the older one', async () => {
      const person = await createPerson(t.database.db);
      await t.database.db.delete(mailOutbox);
      await post('auth/reset-password', { email: person.username });
      const beforeChange = tokenOf((await mails())[0]!.textBody)!;
      const { token } = await signIn(t.app, person.username, person.password);
      const changed = await post(
        'auth/change-password',
        { userId: person.id, password: 'Selbst-Geaendert-7', currentPassword: person.password },
        token,
      );
      expect(changed.statusCode).toBe(204);
      expect((await post('auth/set-password', { token: beforeChange, password: newPassword })).statusCode).toBe(400);

      await t.database.db.delete(mailOutbox);
      await post('auth/reset-password', { email: person.username });
      const first = tokenOf((await mails())[0]!.textBody)!;
      await post('auth/reset-password', { email: person.username });
      const second = tokenOf((await mails())[0]!.textBody)!;
      expect(second).not.toBe(first);
      expect((await post('auth/set-password', { token: first, password: newPassword })).statusCode).toBe(400);
      expect((await post('auth/set-password', { token: second, password: newPassword })).statusCode).toBe(204);
      expect(await canSignIn(person.username, newPassword)).toBe(true);
    });
  });

  describe('logout ends only the caller’s own sign-in', () => {
    const stillSignedIn = async (tokens: { token: string; refreshToken: string }) =>
      (await post('auth/refresh', { refreshToken: tokens.refreshToken, jwtToken: tokens.token })).statusCode === 200;

    it('changes nothing with only a person’s id, or with the caller’s token and another id', async () => {
      const victim = await createPerson(t.database.db);
      const attacker = await createPerson(t.database.db);
      const victimSession = await signIn(t.app, victim.username, victim.password);
      const attackerSession = await signIn(t.app, attacker.username, attacker.password);

      expect((await post('auth/logout', { userId: victim.id })).statusCode).toBe(204);
      expect(
        (
          await post(
            'auth/logout',
            { userId: victim.id, refreshToken: attackerSession.refreshToken },
            attackerSession.token,
          )
        ).statusCode,
      ).toBe(204);
      // The victim's refresh token with the wrong id changes nothing either.
      expect(
        (await post('auth/logout', { userId: attacker.id, refreshToken: victimSession.refreshToken })).statusCode,
      ).toBe(204);
      const victimUse = await injectAs(t.app, victimSession.token)({ url: `/api/v1/person/${victim.id}` });
      expect(victimUse.statusCode).toBe(200);
      expect(await stillSignedIn(victimSession)).toBe(true);
      // An id that is not the caller's: her own session is not ended either.
      const attackerUse = await injectAs(t.app, attackerSession.token)({ url: `/api/v1/person/${attacker.id}` });
      expect(attackerUse.statusCode).toBe(200);
    });

    it('ends the caller’s own session by her refresh token or her access token', async () => {
      const person = await createPerson(t.database.db);
      const byRefresh = await signIn(t.app, person.username, person.password);
      const byBearer = await signIn(t.app, person.username, person.password);
      const untouched = await signIn(t.app, person.username, person.password);
      expect((await post('auth/logout', { userId: person.id, refreshToken: byRefresh.refreshToken })).statusCode).toBe(
        204,
      );
      expect((await post('auth/logout', { userId: person.id }, byBearer.token)).statusCode).toBe(204);
      expect(await stillSignedIn(byRefresh)).toBe(false);
      expect(await stillSignedIn(byBearer)).toBe(false);
      expect(await stillSignedIn(untouched)).toBe(true);
    });
  });

  describe('forgot password answers every address and every caller alike', () => {
    it('gives a signed-in member byte-identical answers for an unknown address and one she may not manage', async () => {
      const member = await createPerson(t.database.db, { clubId: clubA });
      const other = await createPerson(t.database.db, { clubId: clubB });
      const admin = await createPerson(t.database.db, { isAdmin: true });
      const { token } = await signIn(t.app, member.username, member.password);
      const ask = async (email: string, withToken: boolean, mailTemplate?: string) => {
        const res = await post(
          'auth/reset-password',
          { email, ...(mailTemplate ? { mailTemplate } : {}) },
          withToken ? token : undefined,
        );
        const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
        return { status: res.statusCode, headers, body: res.body };
      };
      const unknown = await ask('nobody-at-all@example.test', true, 'basic');
      expect(unknown.status).toBe(204);
      for (const answer of [
        await ask(other.username, true, 'basic'),
        await ask(admin.username, true, 'welcome'),
        await ask(manager.username, true),
        await ask('nobody-at-all@example.test', false),
        await ask(other.username, false),
      ]) {
        expect(answer).toEqual(unknown);
      }
      // The existing accounts got a reset link each, as an anonymous request would have sent.
      expect(await mailsTo(other.username)).toBeGreaterThan(0);
      expect(await mailsTo(admin.username)).toBeGreaterThan(0);
    });
  });
});
