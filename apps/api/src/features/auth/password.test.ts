import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, nextIp, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { passwordTokens } from '../../db/schema/accounts';
import { mailOutbox } from '../../db/schema/mail-outbox';

describe('forgot password, invitation and set-password links', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(mailOutbox);
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/${url}`,
      headers: { 'x-forwarded-for': nextIp(), ...headers },
      payload,
    });
  const mails = () => t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const canSignIn = async (username: string, password: string) =>
    (await post('authenticate', { username, password, acceptedTermsAndConditions: true })).statusCode === 200;

  it('mails a single-use link in the person’s language and leaves the account unchanged', async () => {
    const person = await createPerson(t.database.db, { languageCode: 'fr', firstname: 'Zoé' });
    const res = await post('reset-password', { email: person.username.toUpperCase() });
    expect(res.statusCode).toBe(204);
    const [mail] = await mails();
    expect(mail).toMatchObject({ toAddress: person.username, subject: 'Définir un nouveau mot de passe' });
    expect(mail!.textBody).toContain('Bonjour Zoé');
    expect(mail!.textBody).toContain(`${t.config.publicUrl}/reset-password?token=`);
    expect(mail!.htmlBody).toContain('<a href="http://localhost:3000/reset-password?token=');
    const token = tokenOf(mail!.textBody)!;
    expect(token).toHaveLength(43);
    // only the hash is stored; the old password still works until the link is used
    const [stored] = await t.database.db.select().from(passwordTokens).where(eq(passwordTokens.personId, person.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.expiresAt.getTime() - now.getTime()).toBe(3600_000);
    expect(await canSignIn(person.username, person.password)).toBe(true);

    expect((await post('set-password', { token, password: 'Neues-Passwort-7' })).statusCode).toBe(204);
    expect(await canSignIn(person.username, person.password)).toBe(false);
    expect(await canSignIn(person.username, 'Neues-Passwort-7')).toBe(true);

    const again = await post(
      'set-password',
      { token, password: 'Noch-ein-Passwort-8' },
      { 'accept-language': 'en-US' },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual(['This link is invalid, already used or expired. Please request a new one.']);
  });

  it('answers 204 for unknown and archived addresses without mailing anything', async () => {
    const archived = await createPerson(t.database.db, { state: 90 });
    expect((await post('reset-password', { email: 'nobody@example.test' })).statusCode).toBe(204);
    expect((await post('reset-password', { email: archived.username })).statusCode).toBe(204);
    expect(await mails()).toHaveLength(0);
  });

  it('refuses an invalid address with a localised message', async () => {
    const res = await post('reset-password', { email: 'not-an-address' }, { 'accept-language': 'it-CH' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['E-mail non è un indirizzo e-mail valido']);
  });

  it('refuses an expired link', async () => {
    const person = await createPerson(t.database.db);
    await post('reset-password', { email: person.username });
    const token = tokenOf((await mails())[0]!.textBody)!;
    const start = now;
    now = new Date(start.getTime() + 3600_000 + 1000);
    try {
      expect((await post('set-password', { token, password: 'Neues-Passwort-7' })).statusCode).toBe(400);
    } finally {
      now = start;
    }
  });

  it('refuses weak, common and missing passwords and unknown links with localised messages', async () => {
    const cases: Array<[object, string]> = [
      [{ token: 'abc', password: 'short1A' }, 'Passwort ist ungültig.'],
      [{ token: 'abc', password: 'alllowercase1' }, 'Passwort ist ungültig.'],
      [
        { token: 'abc', password: 'Password123' },
        'Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      ],
      [
        { token: 'abc', password: 'Sommer2025!' },
        'Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      ],
      [{ token: '', password: 'Tulpen-Feld-42' }, 'Link darf nicht leer sein.'],
      [
        { token: 'abc', password: 'Tulpen-Feld-42' },
        'Dieser Link ist ungültig, bereits verwendet oder abgelaufen. Bitte fordern Sie einen neuen an.',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post('set-password', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual([message]);
    }
  });

  it('ends all sessions, closes other links and lifts a lock when the link is used', async () => {
    const person = await createPerson(t.database.db);
    const session = await signIn(t.app, person.username, person.password);
    await post('reset-password', { email: person.username });
    await post('reset-password', { email: person.username });
    const [newer, older] = (await mails()).map((m) => tokenOf(m.textBody)!);
    for (let i = 0; i < 5; i++)
      await post('authenticate', { username: person.username, password: 'x', acceptedTermsAndConditions: true });
    expect((await post('set-password', { token: newer, password: 'Neues-Passwort-7' })).statusCode).toBe(204);
    expect((await post('set-password', { token: older, password: 'Neues-Passwort-8' })).statusCode).toBe(400);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: session.refreshToken, jwtToken: session.token },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await injectAs(t.app, session.token)({ url: `/api/v1/person/${person.id}` })).statusCode).toBe(401);
    expect(await canSignIn(person.username, 'Neues-Passwort-7')).toBe(true);
  });

  it('mails at most five links an hour to one person when asked anonymously', async () => {
    const person = await createPerson(t.database.db);
    for (let i = 0; i < 7; i++) expect((await post('reset-password', { email: person.username })).statusCode).toBe(204);
    expect(await mails()).toHaveLength(5);
  });

  it('escapes names in the HTML part and sends the mail through the outbox', async () => {
    const person = await createPerson(t.database.db, { firstname: '<b>Eve</b> & "Co"', languageCode: 'en' });
    await post('reset-password', { email: person.username });
    const [mail] = await mails();
    expect(mail!.htmlBody).toContain('Hello &lt;b&gt;Eve&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail!.htmlBody).not.toContain('<b>Eve');
    expect(mail!.textBody).toContain('Hello <b>Eve</b> & "Co"');
    expect(await t.outbox.runOnce()).toBeGreaterThanOrEqual(1);
    const dir = path.join(t.config.dataDir, 'mail-outbox');
    const eml = fs.readFileSync(path.join(dir, `${mail!.id}.eml`), 'utf8');
    expect(eml).toContain('Subject: Set a new password');
    expect(eml.replace(/=\r?\n/g, '')).toContain('reset-password?token=');
  });

  describe('signed in, for another person (person screen)', () => {
    it('mails a welcome invitation valid 7 days, or a reset link valid 1 hour', async () => {
      const club = await createClub(t.database.db);
      const manager = await createPerson(t.database.db, { clubId: club.id, type: 'database' });
      const member = await createPerson(t.database.db, { clubId: club.id, languageCode: 'it' });
      const { token } = await signIn(t.app, manager.username, manager.password);
      const asManager = injectAs(t.app, token);
      const send = (mailTemplate: string) =>
        asManager({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          headers: { 'x-forwarded-for': nextIp() },
          payload: { email: member.username, mailTemplate },
        });
      expect((await send('welcome')).statusCode).toBe(204);
      expect((await send('basic')).statusCode).toBe(204);
      const [basic, welcome] = await mails();
      expect(welcome!.subject).toBe('Benvenuta in BPW Switzerland');
      expect(welcome!.textBody).toContain(member.username);
      expect(basic!.subject).toBe('Impostare una nuova password');
      const tokens = await t.database.db
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.personId, member.id))
        .orderBy(passwordTokens.purpose);
      expect(tokens.map((x) => [x.purpose, x.expiresAt.getTime() - x.createdAt.getTime()])).toEqual([
        [1, 3600_000],
        [2, 7 * 86_400_000],
      ]);
      // Issue 15: the newer link (basic) ended the invitation mailed before it.
      const invitation = tokenOf(welcome!.textBody)!;
      expect((await post('set-password', { token: invitation, password: 'Mein-Start-2026' })).statusCode).toBe(400);
      const reset = tokenOf(basic!.textBody)!;
      expect((await post('set-password', { token: reset, password: 'Mein-Start-2026' })).statusCode).toBe(204);
      expect(await canSignIn(member.username, 'Mein-Start-2026')).toBe(true);
      expect((await send('nonsense')).statusCode).toBe(400);
    });

    it('follows the rules of spec 01 §6', async () => {
      const db = t.database.db;
      const club = await createClub(db);
      const otherClub = await createClub(db);
      // the signed-in person's language wins over Accept-Language
      const manager = await createPerson(db, { clubId: club.id, type: 'database', languageCode: 'en' });
      const member = await createPerson(db, { clubId: club.id });
      const archived = await createPerson(db, { clubId: club.id, state: 90 });
      const external = await createPerson(db, { clubId: club.id, type: 'interested' });
      const elsewhere = await createPerson(db, { clubId: otherClub.id });
      const plainMember = await createPerson(db, { clubId: club.id });
      const asManager = injectAs(t.app, (await signIn(t.app, manager.username, manager.password)).token);
      const asMember = injectAs(t.app, (await signIn(t.app, plainMember.username, plainMember.password)).token);
      const reset = (as: typeof asManager, email: string) =>
        as({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          headers: { 'x-forwarded-for': nextIp(), 'accept-language': 'en-US' },
          payload: { email, mailTemplate: 'basic' },
        });
      const own = await reset(asManager, manager.username);
      expect(own.statusCode).toBe(403);
      expect(own.json().errors).toEqual([
        'You cannot reset your own password here. Change it in your profile instead.',
      ]);
      expect((await reset(asManager, archived.username)).statusCode).toBe(409);
      const ext = await reset(asManager, external.username);
      expect(ext.statusCode).toBe(409);
      expect(ext.json().errors).toEqual(['The password cannot be reset for a person with only external club roles.']);
      // Issue 15: a person she may not manage is answered as the anonymous forgot-password (204,
      // a reset link to that person's own address), like an unknown address.
      expect((await reset(asManager, elsewhere.username)).statusCode).toBe(204);
      expect((await reset(asMember, member.username)).statusCode).toBe(204);
      expect((await reset(asManager, 'nobody@example.test')).statusCode).toBe(204);
      expect((await mails()).map((m) => m.toAddress).sort()).toEqual([elsewhere.username, member.username].sort());
      expect((await reset(asManager, member.username)).statusCode).toBe(204);
      expect(await mails()).toHaveLength(3);
    });

    it('asks an expired token to refresh instead of sending an anonymous reset', async () => {
      const person = await createPerson(t.database.db);
      const { token } = await signIn(t.app, person.username, person.password);
      const start = now;
      now = new Date(start.getTime() + (t.config.accessTokenTtlSeconds + 5) * 1000);
      try {
        const res = await injectAs(
          t.app,
          token,
        )({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          headers: { 'x-forwarded-for': nextIp() },
          payload: { email: 'someone@example.test', mailTemplate: 'welcome' },
        });
        expect(res.statusCode).toBe(401);
        expect(res.headers['token-expired']).toBe('true');
      } finally {
        now = start;
      }
    });
  });
});
