import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, nextIp } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/audit-log';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { recoveryCodes, totpAuthenticators } from '../../db/schema/second-factors';

/** TOTP with a fixed clock (issue 21): the app's clock and the codes' clock are the same `now`. */
describe('second factors: TOTP, recovery codes, sessions, reset', () => {
  let t: TestApp;
  let now = new Date('2026-03-02T09:00:10Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now, env: { SECOND_FACTOR_REQUIRED: '1' } });
  });
  afterAll(() => t.close());

  const tick = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const codeFor = (secret: string, at = now) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { 'x-forwarded-for': nextIp(), ...headers },
      payload,
    });
  const authenticate = (
    person: { username: string; password: string },
    ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  ) =>
    post(
      '/auth/authenticate',
      { username: person.username, password: person.password, acceptedTermsAndConditions: true },
      { 'user-agent': ua },
    );

  /** An admin with TOTP set up; answers her secret, recovery codes and a fully signed-in token. */
  async function adminWithTotp() {
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const first = (await authenticate(admin)).json();
    const as = injectAs(t.app, first.token);
    const setup = (await as({ method: 'POST', url: '/api/v1/auth/totp/setup' })).json();
    const confirmed = await as({
      method: 'POST',
      url: '/api/v1/auth/totp/confirm',
      payload: { code: await codeFor(setup.secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    tick(30);
    return {
      admin,
      secret: setup.secret as string,
      recoveryCodes: confirmed.json().recoveryCodes as string[],
      token: first.token as string,
    };
  }

  it('sends an admin without a second factor to set one up first, and nothing else answers', async () => {
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const res = await authenticate(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.secondFactorSetupRequired).toBe(true);
    const as = injectAs(t.app, body.token);

    const refused = await as({ url: `/api/v1/person/${admin.id}`, headers: { 'accept-language': 'en-US' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().errors[0]).toMatch(/zweiten Faktor/);
    expect((await as({ url: '/api/v1/auth/sessions' })).statusCode).toBe(403);

    const status = await as({ url: '/api/v1/auth/second-factors' });
    expect(status.json()).toEqual({ hasTotp: false, passkeyCount: 0, recoveryCodesLeft: 0, isRequired: true });

    const setup = await as({ method: 'POST', url: '/api/v1/auth/totp/setup' });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await as({ method: 'POST', url: '/api/v1/auth/totp/confirm', payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(409);
    const confirmed = await as({
      method: 'POST',
      url: '/api/v1/auth/totp/confirm',
      payload: { code: await codeFor(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    // only hashes are stored
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.personId, admin.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((code) => row.codeHash.includes(code.replaceAll('-', '')))).toBe(false);

    // the same sign-in now passed TOTP and reaches everything
    expect((await as({ url: `/api/v1/person/${admin.id}` })).statusCode).toBe(200);
  });

  it('asks for the second step after the password, and a code works once', async () => {
    const { admin, secret } = await adminWithTotp();
    const res = await authenticate(admin);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['secondFactorMethods', 'secondFactorTicket']);
    expect(body.secondFactorMethods).toEqual(['totp', 'recoveryCode']);

    const wrong = await post('/auth/second-factor', { ticket: body.secondFactorTicket, totpCode: '123456' });
    expect(wrong.statusCode).toBe(401);
    const code = await codeFor(secret);
    const ok = await post('/auth/second-factor', { ticket: body.secondFactorTicket, totpCode: code });
    expect(ok.statusCode).toBe(200);
    const tokens = ok.json();
    expect((await injectAs(t.app, tokens.token)({ url: `/api/v1/person/${admin.id}` })).statusCode).toBe(200);

    // the same code with a new ticket: refused (each time step counts once)
    const again = (await authenticate(admin)).json();
    expect((await post('/auth/second-factor', { ticket: again.secondFactorTicket, totpCode: code })).statusCode).toBe(
      401,
    );

    // refresh rotation goes on for a second-step sign-in
    const refreshed = await post('/auth/refresh', { refreshToken: tokens.refreshToken, jwtToken: tokens.token });
    expect(refreshed.statusCode).toBe(200);
    expect(
      (await post('/auth/refresh', { refreshToken: tokens.refreshToken, jwtToken: tokens.token })).statusCode,
    ).toBe(401);
    // reuse ended the chain
    expect((await injectAs(t.app, refreshed.json().token)({ url: `/api/v1/person/${admin.id}` })).statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { admin, recoveryCodes: codes } = await adminWithTotp();
    const ticket = (await authenticate(admin)).json().secondFactorTicket;
    const typed = codes[3]!.toLowerCase().replaceAll('-', ' ');
    const ok = await post('/auth/second-factor', { ticket, recoveryCode: typed });
    expect(ok.statusCode).toBe(200);
    const status = await injectAs(t.app, ok.json().token)({ url: '/api/v1/auth/second-factors' });
    expect(status.json()).toMatchObject({ hasTotp: true, recoveryCodesLeft: 9 });
    const ticket2 = (await authenticate(admin)).json().secondFactorTicket;
    expect((await post('/auth/second-factor', { ticket: ticket2, recoveryCode: codes[3] })).statusCode).toBe(401);
  });

  it('locks the account after repeated wrong codes, like wrong passwords', async () => {
    const { admin, secret } = await adminWithTotp();
    const ticket = (await authenticate(admin)).json().secondFactorTicket;
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/second-factor', { ticket, totpCode: '000000' })).statusCode).toBe(401);
    }
    expect((await post('/auth/second-factor', { ticket, totpCode: await codeFor(secret) })).statusCode).toBe(401);
    tick(3600);
  });

  it('refuses an expired or forged ticket, and a step without exactly one factor', async () => {
    const { admin, secret } = await adminWithTotp();
    const ticket = (await authenticate(admin)).json().secondFactorTicket;
    const both = await post('/auth/second-factor', { ticket, totpCode: '123456', recoveryCode: 'AAAA-AAAA-AAAA-AAAA' });
    expect(both.statusCode).toBe(400);
    tick(301);
    const late = await post(
      '/auth/second-factor',
      { ticket, totpCode: await codeFor(secret) },
      { 'accept-language': 'en-US' },
    );
    expect(late.statusCode).toBe(401);
    expect(late.json().errors[0]).toMatch(/expired/);
    const forged = await post('/auth/second-factor', { ticket: `${ticket}x`, totpCode: await codeFor(secret) });
    expect(forged.statusCode).toBe(401);
    // an access token is no ticket, and a ticket no access token
    const signedIn = await adminWithTotp();
    expect((await post('/auth/second-factor', { ticket: signedIn.token, totpCode: '123456' })).statusCode).toBe(401);
    const fresh = (await authenticate(admin)).json().secondFactorTicket;
    expect((await injectAs(t.app, fresh)({ url: `/api/v1/person/${admin.id}` })).statusCode).toBe(401);
  });

  it('asks club database managers too, members not', async () => {
    const club = await createClub(t.database.db);
    const manager = await createPerson(t.database.db, { clubId: club.id, type: 'database' });
    expect((await authenticate(manager)).json().secondFactorSetupRequired).toBe(true);
    const member = await createPerson(t.database.db, { clubId: club.id, type: 'single' });
    const body = (await authenticate(member)).json();
    expect(body.secondFactorSetupRequired).toBeUndefined();
    expect((await injectAs(t.app, body.token)({ url: '/api/v1/auth/second-factors' })).json().isRequired).toBe(false);
  });

  it('lets a member remove her optional TOTP with a current code, but not the last required one', async () => {
    const club = await createClub(t.database.db);
    const member = await createPerson(t.database.db, { clubId: club.id, type: 'single' });
    const as = injectAs(t.app, (await authenticate(member)).json().token);
    const { secret } = (await as({ method: 'POST', url: '/api/v1/auth/totp/setup' })).json();
    await as({ method: 'POST', url: '/api/v1/auth/totp/confirm', payload: { code: await codeFor(secret) } });
    tick(30);
    expect(
      (await as({ method: 'POST', url: '/api/v1/auth/totp/disable', payload: { code: '000000' } })).statusCode,
    ).toBe(409);
    const removed = await as({
      method: 'POST',
      url: '/api/v1/auth/totp/disable',
      payload: { code: await codeFor(secret) },
    });
    expect(removed.statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(totpAuthenticators)
      .where(eq(totpAuthenticators.personId, member.id));
    expect(rows).toHaveLength(0);
    expect((await as({ url: '/api/v1/auth/second-factors' })).json()).toMatchObject({
      hasTotp: false,
      recoveryCodesLeft: 0,
    });

    const { secret: adminSecret, token } = await adminWithTotp();
    const refused = await injectAs(
      t.app,
      token,
    )({
      method: 'POST',
      url: '/api/v1/auth/totp/disable',
      payload: { code: await codeFor(adminSecret) },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('shows her sign-ins and ends one or all others', async () => {
    const club = await createClub(t.database.db);
    const member = await createPerson(t.database.db, { clubId: club.id, type: 'single' });
    const phone = (
      await authenticate(
        member,
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1',
      )
    ).json();
    tick(60);
    const laptop = (
      await authenticate(member, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0')
    ).json();
    tick(60);
    const desk = (await authenticate(member)).json();
    const as = injectAs(t.app, desk.token);
    const list = await as({ url: '/api/v1/auth/sessions' });
    expect(list.statusCode).toBe(200);
    const { items, total } = list.json();
    expect(total).toBe(3);
    expect(items.map((s: { browser: string; system: string }) => `${s.browser} ${s.system}`)).toEqual([
      'Chrome Linux',
      'Firefox Windows',
      'Safari iOS',
    ]);
    expect(items[0].isCurrent).toBe(true);
    expect(items[0].ipAddress).toMatch(/^10\./);

    // another person's session: not found
    const other = await createPerson(t.database.db, { clubId: club.id, type: 'single' });
    const otherTokens = (await authenticate(other)).json();
    const otherSession = (await injectAs(t.app, otherTokens.token)({ url: '/api/v1/auth/sessions' })).json().items[0]
      .id;
    expect((await as({ method: 'DELETE', url: `/api/v1/auth/sessions/${otherSession}` })).statusCode).toBe(404);
    expect((await injectAs(t.app, otherTokens.token)({ url: '/api/v1/auth/sessions' })).statusCode).toBe(200);

    expect((await as({ method: 'DELETE', url: `/api/v1/auth/sessions/${items[2].id}` })).statusCode).toBe(204);
    expect((await injectAs(t.app, phone.token)({ url: '/api/v1/auth/sessions' })).statusCode).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: phone.refreshToken, jwtToken: phone.token })).statusCode).toBe(
      401,
    );
    expect((await as({ url: '/api/v1/auth/sessions' })).json().total).toBe(2);

    expect((await as({ method: 'DELETE', url: '/api/v1/auth/sessions' })).statusCode).toBe(204);
    expect((await injectAs(t.app, laptop.token)({ url: '/api/v1/auth/sessions' })).statusCode).toBe(401);
    const after = (await as({ url: '/api/v1/auth/sessions' })).json();
    expect(after.total).toBe(1);
    expect(after.items[0].isCurrent).toBe(true);

    // a refresh records the last use and address
    tick(120);
    const renewed = await post(
      '/auth/refresh',
      { refreshToken: desk.refreshToken, jwtToken: desk.token },
      { 'x-forwarded-for': '10.200.1.2' },
    );
    const listed = (await injectAs(t.app, renewed.json().token)({ url: '/api/v1/auth/sessions' })).json().items[0];
    expect(listed.ipAddress).toBe('10.200.1.2');
    expect(listed.lastUsedAt).toBe(now.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  });

  it('lets an admin reset another person’s second factors: audited, mailed, sessions ended', async () => {
    const { token: adminToken, admin } = await adminWithTotp();
    const club = await createClub(t.database.db);
    const member = await createPerson(t.database.db, { clubId: club.id, type: 'single' });
    const memberTokens = (await authenticate(member)).json();
    const asMember = injectAs(t.app, memberTokens.token);
    const { secret } = (await asMember({ method: 'POST', url: '/api/v1/auth/totp/setup' })).json();
    await asMember({ method: 'POST', url: '/api/v1/auth/totp/confirm', payload: { code: await codeFor(secret) } });
    expect((await authenticate(member)).json().secondFactorTicket).toBeDefined();

    // members may not; admins not their own
    expect(
      (await asMember({ method: 'POST', url: '/api/v1/auth/reset-second-factor', payload: { userId: admin.id } }))
        .statusCode,
    ).toBe(403);
    const asAdmin = injectAs(t.app, adminToken);
    expect(
      (await asAdmin({ method: 'POST', url: '/api/v1/auth/reset-second-factor', payload: { userId: admin.id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await asMember({ method: 'POST', url: '/api/v1/auth/reset-second-factor', payload: { userId: 'x' } }))
        .statusCode,
    ).toBe(403);

    const reset = await asAdmin({
      method: 'POST',
      url: '/api/v1/auth/reset-second-factor',
      payload: { userId: member.id },
    });
    expect(reset.statusCode).toBe(204);
    expect((await asMember({ url: '/api/v1/auth/second-factors' })).statusCode).toBe(401);
    const again = (await authenticate(member)).json();
    expect(again.token).toBeDefined();
    expect((await injectAs(t.app, again.token)({ url: '/api/v1/auth/second-factors' })).json()).toMatchObject({
      hasTotp: false,
      recoveryCodesLeft: 0,
    });
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectPersonId, member.id), eq(auditEntries.actorPersonId, admin.id)));
    expect(audit.map((a) => a.details)).toContainEqual({ fields: ['secondFactor'], change: 'reset' });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.username));
    expect(mails.map((m) => m.subject)).toContain('Ihr zweiter Faktor wurde zurückgesetzt');
  });

  it('offers passkey challenges to anyone and refuses a made-up answer', async () => {
    const options = await post('/auth/passkey-options', {});
    expect(options.statusCode).toBe(200);
    const { challengeToken, options: requestOptions } = options.json();
    expect(requestOptions).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const refused = await post(
      '/auth/passkey-sign-in',
      {
        challengeToken,
        credential: { id: 'abc', rawId: 'abc', type: 'public-key', response: {}, clientExtensionResults: {} },
        acceptedTermsAndConditions: true,
      },
      { 'accept-language': 'en-US' },
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0]).toMatch(/passkey/);
    // registration needs a sign-in
    expect((await post('/auth/passkeys/options', {})).statusCode).toBe(401);
  });
});
