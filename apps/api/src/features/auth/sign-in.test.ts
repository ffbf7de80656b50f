import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, nextIp, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { refreshTokens, userAccounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';

describe('sign-in, refresh and logout', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());

  const authenticate = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: { 'x-forwarded-for': nextIp(), ...headers },
      payload,
    });
  const refresh = (refreshToken: string, jwtToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken, jwtToken } });
  const me = (token: string, personId: string) => injectAs(t.app, token)({ url: `/api/v1/person/${personId}` });

  it('signs in with the right password and the terms accepted, and records the acceptance', async () => {
    const club = await createClub(t.database.db);
    const person = await createPerson(t.database.db, { clubId: club.id, type: 'database' });
    const res = await authenticate({
      username: person.username.toUpperCase(),
      password: person.password,
      acceptedTermsAndConditions: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'token']);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({
      sub: person.id,
      clubAdminIds: [club.id],
      eventAdminIds: [],
      memberClubIds: [],
      permissions: [],
      roles: ['clubManager'],
      iss: 'bpw-club-manager',
      aud: 'bpw-club-manager-api',
    });
    expect(claims.exp! - claims.iat!).toBe(t.config.accessTokenTtlSeconds);
    const [account] = await t.database.db
      .select({ acceptedTermsAt: userAccounts.acceptedTermsAt })
      .from(userAccounts)
      .where(eq(userAccounts.personId, person.id));
    expect(account!.acceptedTermsAt).not.toBeNull();
    // only the hash of the refresh token is stored
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.personId, person.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(body.refreshToken);
  });

  it('gives admins the Admin permission and the committee role', async () => {
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const { token } = await signIn(t.app, admin.username, admin.password);
    expect(decodeJwt(token)).toMatchObject({ permissions: ['Admin'], roles: ['Admin', 'CentralExecutiveCommittee'] });
  });

  it('refuses sign-in without accepted terms, with localised messages', async () => {
    const person = await createPerson(t.database.db);
    const res = await authenticate(
      { username: person.username, password: person.password, acceptedTermsAndConditions: false },
      { 'accept-language': 'fr-CH' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().errors).toEqual(['Conditions d’utilisation ne doit pas être vide.']);
  });

  it('refuses empty fields with one message per field', async () => {
    const res = await authenticate({ username: '', password: '' }, { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        'Username must not be empty.',
        'Password must not be empty.',
        'Terms and conditions must not be empty.',
      ]),
    );
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const person = await createPerson(t.database.db);
    const wrong = await authenticate({
      username: person.username,
      password: 'Wrong-pass-1',
      acceptedTermsAndConditions: true,
    });
    const unknown = await authenticate({
      username: 'nobody@example.test',
      password: 'Wrong-pass-1',
      acceptedTermsAndConditions: true,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.headers['token-expired']).toBeUndefined();
    expect(wrong.json().errors[0]).toContain('Benutzername oder Passwort ist falsch');
  });

  it('takes about as long for an unknown user as for a wrong password (dummy hash)', async () => {
    const person = await createPerson(t.database.db);
    const time = async (username: string) => {
      const started = performance.now();
      await authenticate({ username, password: 'Wrong-pass-1', acceptedTermsAndConditions: true });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(person.username));
      unknown.push(await time(`nobody-${i}@example.test`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    // Both verify one argon2id hash (several ms); without the dummy hash unknown users answer in ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });

  it('refuses an archived person even with the right password', async () => {
    const person = await createPerson(t.database.db, { state: 90 });
    const res = await authenticate({
      username: person.username,
      password: person.password,
      acceptedTermsAndConditions: true,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0]).toContain('archiviert');
  });

  it('rotates the refresh token and refuses the old one afterwards, ending the whole chain', async () => {
    const person = await createPerson(t.database.db);
    const first = await signIn(t.app, person.username, person.password);
    const second = await refresh(first.refreshToken, first.token);
    expect(second.statusCode).toBe(200);
    const next = second.json();
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(next.token).sid).toBe(decodeJwt(first.token).sid);
    expect((await me(next.token, person.id)).statusCode).toBe(200);

    // reuse of the used token: refused, and the successor is revoked with it
    const reuse = await refresh(first.refreshToken, first.token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.headers['token-expired']).toBeUndefined();
    expect((await refresh(next.refreshToken, next.token)).statusCode).toBe(401);
    expect((await me(next.token, person.id)).statusCode).toBe(401);
  });

  it('lets at most one of 20 parallel refreshes of one token through', async () => {
    const person = await createPerson(t.database.db);
    const tokens = await signIn(t.app, person.username, person.password);
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(tokens.refreshToken, tokens.token)));
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
    const successors = await t.database.db
      .select({ parentId: refreshTokens.parentId })
      .from(refreshTokens)
      .where(eq(refreshTokens.personId, person.id));
    expect(successors.filter((r) => r.parentId !== null).length).toBeLessThanOrEqual(1);
  });

  it('refuses a refresh with a foreign or garbage access token, or an unknown refresh token', async () => {
    const a = await createPerson(t.database.db);
    const b = await createPerson(t.database.db);
    const ta = await signIn(t.app, a.username, a.password);
    const tb = await signIn(t.app, b.username, b.password);
    expect((await refresh(ta.refreshToken, tb.token)).statusCode).toBe(401);
    expect((await refresh(ta.refreshToken, 'not-a-jwt')).statusCode).toBe(401);
    expect((await refresh('x'.repeat(43), ta.token)).statusCode).toBe(401);
    // the mismatched attempt did not use up a's token
    expect((await refresh(ta.refreshToken, ta.token)).statusCode).toBe(200);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} });
    expect(invalid.statusCode).toBe(400);
  });

  it('ends the chain at its absolute lifetime from the sign-in, however often it was refreshed', async () => {
    const person = await createPerson(t.database.db);
    let tokens = await signIn(t.app, person.username, person.password);
    const start = now;
    try {
      now = new Date(start.getTime() + (t.config.refreshTokenTtlDays - 1) * 86_400_000);
      const res = await refresh(tokens.refreshToken, tokens.token);
      expect(res.statusCode).toBe(200);
      tokens = res.json();
      now = new Date(start.getTime() + (t.config.refreshTokenTtlDays + 1) * 86_400_000);
      expect((await refresh(tokens.refreshToken, tokens.token)).statusCode).toBe(401);
    } finally {
      now = start;
    }
  });

  it('refuses the refresh of an archived or deleted person', async () => {
    const archived = await createPerson(t.database.db);
    const deleted = await createPerson(t.database.db);
    const ta = await signIn(t.app, archived.username, archived.password);
    const td = await signIn(t.app, deleted.username, deleted.password);
    await t.database.db.update(persons).set({ state: 90 }).where(eq(persons.id, archived.id));
    await t.database.db.delete(persons).where(eq(persons.id, deleted.id));
    expect((await refresh(ta.refreshToken, ta.token)).statusCode).toBe(401);
    expect((await refresh(td.refreshToken, td.token)).statusCode).toBe(401);
    expect((await me(ta.token, archived.id)).statusCode).toBe(401);
    expect((await me(td.token, archived.id)).statusCode).toBe(401);
  });

  it('logs out: the refresh token and the access token of that sign-in stop working, others do not', async () => {
    const person = await createPerson(t.database.db);
    const phone = await signIn(t.app, person.username, person.password);
    const laptop = await signIn(t.app, person.username, person.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { userId: person.id, refreshToken: phone.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    expect((await refresh(phone.refreshToken, phone.token)).statusCode).toBe(401);
    expect((await me(phone.token, person.id)).statusCode).toBe(401);
    expect((await me(laptop.token, person.id)).statusCode).toBe(200);
  });

  it('logs out with an expired access token, and ignores tokens of other persons', async () => {
    const person = await createPerson(t.database.db);
    const other = await createPerson(t.database.db);
    const tokens = await signIn(t.app, person.username, person.password);
    const start = now;
    now = new Date(start.getTime() + 2 * t.config.accessTokenTtlSeconds * 1000);
    try {
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        payload: { userId: other.id, refreshToken: tokens.refreshToken },
      });
      expect(foreign.statusCode).toBe(204);
      const own = await injectAs(
        t.app,
        tokens.token,
      )({
        method: 'POST',
        url: '/api/v1/auth/logout',
        payload: { userId: person.id },
      });
      expect(own.statusCode).toBe(204);
    } finally {
      now = start;
    }
    // the bearer token named the chain: it is revoked although no refresh token was sent
    expect((await refresh(tokens.refreshToken, tokens.token)).statusCode).toBe(401);
  });

  it('refuses a logout without a valid user id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { userId: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Benutzer ist ungültig.']);
  });
});
