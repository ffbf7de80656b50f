import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createMembership, createPerson, injectAs, isoDay, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userAccounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';
import { systemSecrets } from '../../db/schema/system-secrets';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from './access-tokens';
import { loadSigningKey } from './signing-key';

describe('access tokens and the auth context', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());

  const key = () => new TextEncoder().encode(t.config.jwtSecret!);
  const getPerson = (token: string, id: string, headers: Record<string, string> = {}) =>
    injectAs(t.app, token)({ url: `/api/v1/person/${id}`, headers });
  const roleNames = async (token: string, id: string) =>
    (await injectAs(t.app, token)({ url: `/api/v1/auth/${id}/role` })).json();

  /** A token as the app signs it, with parts replaced. */
  async function forge(
    personId: string,
    options: { alg?: string; typ?: string; aud?: string; iss?: string; exp?: number; sid?: string | null } = {},
  ) {
    const iat = Math.floor(now.getTime() / 1000);
    const claims = options.sid === null ? {} : { sid: options.sid ?? randomUUID() };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: options.typ ?? 'at+jwt' })
      .setSubject(personId)
      .setIssuer(options.iss ?? ACCESS_TOKEN_ISSUER)
      .setAudience(options.aud ?? ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(options.exp ?? iat + 600)
      .sign(key());
  }

  it('accepts a token signed as the app signs it', async () => {
    const person = await createPerson(t.database.db);
    expect((await getPerson(await forge(person.id), person.id)).statusCode).toBe(200);
  });

  it('answers an expired token with 401 and Token-Expired: true', async () => {
    const person = await createPerson(t.database.db);
    const { token } = await signIn(t.app, person.username, person.password);
    // Used once while valid: a token the server has verified before expires all the same.
    expect((await getPerson(token, person.id)).statusCode).toBe(200);
    const start = now;
    now = new Date(start.getTime() + (t.config.accessTokenTtlSeconds + 1) * 1000);
    try {
      const res = await getPerson(token, person.id, { 'accept-language': 'en-US' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['token-expired']).toBe('true');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().errors).toEqual(['The session has expired.']);
    } finally {
      now = start;
    }
    expect(
      (await getPerson(await forge(person.id, { exp: Math.floor(now.getTime() / 1000) - 5 }), person.id)).headers[
        'token-expired'
      ],
    ).toBe('true');
  });

  it('answers every other bad token with 401 without Token-Expired', async () => {
    const person = await createPerson(t.database.db);
    const good = await forge(person.id);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const tamperedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(good), sub: randomUUID() })).toString(
      'base64url',
    );
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    const expiredAndTampered = (await forge(person.id, { exp: 1 })).slice(0, -2) + 'xx';
    const bad = {
      tampered: `${header}.${tamperedPayload}.${signature}`,
      badSignature: `${header}.${payload}.${signature.slice(0, -3)}abc`,
      algNone: `${noneHeader}.${payload}.`,
      hs512: await forge(person.id, { alg: 'HS512' }),
      wrongAudience: await forge(person.id, { aud: 'another-api' }),
      wrongIssuer: await forge(person.id, { iss: 'someone-else' }),
      wrongType: await forge(person.id, { typ: 'JWT' }),
      withoutSession: await forge(person.id, { sid: null }),
      expiredAndTampered,
      garbage: 'abc.def.ghi',
      unknownPerson: await forge(randomUUID()),
    };
    for (const [name, token] of Object.entries(bad)) {
      const res = await getPerson(token, person.id);
      expect(res.statusCode, name).toBe(401);
      expect(res.headers['token-expired'], name).toBeUndefined();
    }
    for (const authorization of ['Basic abc', 'Bearer', `bearer  ${good}`, good]) {
      const res = await t.app.inject({ url: `/api/v1/person/${person.id}`, headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('refuses signed-in routes without a token, before looking at the input', async () => {
    const res = await t.app.inject({ url: '/api/v1/person/not-a-uuid' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['token-expired']).toBeUndefined();
  });

  it('stops an archived or deleted person’s token at once', async () => {
    const person = await createPerson(t.database.db);
    const { token } = await signIn(t.app, person.username, person.password);
    await t.database.db.update(persons).set({ state: 90 }).where(eq(persons.id, person.id));
    expect((await getPerson(token, person.id)).statusCode).toBe(401);
    await t.database.db.update(persons).set({ state: 0 }).where(eq(persons.id, person.id));
    expect((await getPerson(token, person.id)).statusCode).toBe(200);
    await t.database.db.delete(userAccounts).where(eq(userAccounts.personId, person.id));
    expect((await getPerson(token, person.id)).statusCode).toBe(401);
  });

  it('decides from the current database, not from the claims', async () => {
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const other = await createPerson(t.database.db);
    const { token } = await signIn(t.app, admin.username, admin.password);
    expect(decodeJwt(token).permissions).toEqual(['Admin']);
    await t.database.db.update(userAccounts).set({ isAdmin: false }).where(eq(userAccounts.personId, admin.id));
    const res = await injectAs(
      t.app,
      token,
    )({
      method: 'POST',
      url: '/api/v1/auth/toggle-role',
      payload: { userId: other.id, roleName: 'Admin' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('derives the roles from the club relations active today', async () => {
    const db = t.database.db;
    const [a, b, c, d] = [await createClub(db), await createClub(db), await createClub(db), await createClub(db)];
    const person = await createPerson(db, { clubId: a.id, type: 'database' });
    await createMembership(db, { personId: person.id, clubId: b.id, type: 'responsibleEvents', from: isoDay(0, now) });
    await createMembership(db, { personId: person.id, clubId: c.id, type: 'company', to: isoDay(0, now) });
    // ended yesterday, starts tomorrow: no role
    await createMembership(db, { personId: person.id, clubId: d.id, type: 'database', to: isoDay(-1, now) });
    await createMembership(db, { personId: person.id, clubId: d.id, type: 'responsibleEvents', from: isoDay(1, now) });
    await createMembership(db, { personId: person.id, clubId: d.id, type: 'single', from: isoDay(1, now) });
    // types that give no role
    await createMembership(db, { personId: person.id, clubId: d.id, type: 'president' });
    await createMembership(db, { personId: person.id, clubId: d.id, type: 'interested' });

    const { token } = await signIn(t.app, person.username, person.password);
    expect(decodeJwt(token)).toMatchObject({
      clubAdminIds: [a.id],
      eventAdminIds: [b.id],
      memberClubIds: [c.id],
      permissions: [],
      roles: ['clubManager', 'eventManager', 'member'],
    });
    expect(await roleNames(token, person.id)).toEqual(['clubManager', 'eventManager', 'member']);

    // a day later the company membership has ended and the future relations have begun
    const start = now;
    now = new Date(start.getTime() + 86_400_000);
    try {
      const fresh = await signIn(t.app, person.username, person.password);
      expect(decodeJwt(fresh.token)).toMatchObject({
        clubAdminIds: [a.id],
        eventAdminIds: [b.id, d.id].sort(),
        memberClubIds: [d.id],
      });
    } finally {
      now = start;
    }
  });

  it('gives the stored committee role, and admins the committee role too', async () => {
    const committee = await createPerson(t.database.db, { isCentralCommittee: true });
    const { token } = await signIn(t.app, committee.username, committee.password);
    expect(decodeJwt(token)).toMatchObject({ permissions: [], roles: ['CentralExecutiveCommittee'] });
  });

  it('speaks the signed-in person’s language, whatever the browser asks for', async () => {
    const person = await createPerson(t.database.db, { languageCode: 'it' });
    const { token } = await signIn(t.app, person.username, person.password);
    const res = await getPerson(token, randomUUID(), { 'accept-language': 'fr-CH' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(['Non trovato.']);
  });

  it('generates the signing key once and keeps it in the database when JWT_SECRET is unset', async () => {
    const generated = await createTestApp({ env: { JWT_SECRET: '' } });
    try {
      const person = await createPerson(generated.database.db);
      const { token } = await signIn(generated.app, person.username, person.password);
      // Other features keep their own secrets there too (tickets, calendar feeds).
      const signingKeys = () =>
        generated.database.db.select().from(systemSecrets).where(eq(systemSecrets.name, 'jwt-signing-key'));
      expect(await signingKeys()).toHaveLength(1);
      // a second instance on the same database loads the same key and accepts the token
      const keyAgain = await loadSigningKey(generated.database.db, undefined);
      expect(keyAgain.byteLength).toBeGreaterThanOrEqual(32);
      await expect(jwtVerify(token, keyAgain, { algorithms: ['HS256'] })).resolves.toBeDefined();
      expect(await signingKeys()).toHaveLength(1);
    } finally {
      await generated.close();
    }
  });

  it('documents in OpenAPI which routes take the bearer token', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/person/{id}'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/auth/reset-password'].post.security).toEqual([{}, { bearer: [] }]);
    expect(doc.paths['/api/v1/auth/authenticate'].post.security).toBeUndefined();
  });

  it('refuses a JWT_SECRET shorter than 32 bytes', async () => {
    await expect(loadSigningKey(t.database.db, 'too-short')).rejects.toThrow(/at least 32 bytes/);
  });
});
