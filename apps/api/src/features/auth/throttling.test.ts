import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, nextIp } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userAccounts } from '../../db/schema/accounts';
import { authRateLimits } from '../../platform/auth/rate-limits';

describe('throttling of sign-in and password calls', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());

  const authenticate = (username: string, password: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: { 'x-forwarded-for': ip },
      payload: { username, password, acceptedTermsAndConditions: true },
    });
  const lockedUntil = async (personId: string) =>
    (
      await t.database.db
        .select({ lockedUntil: userAccounts.lockedUntil })
        .from(userAccounts)
        .where(eq(userAccounts.personId, personId))
    )[0]!.lockedUntil;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  it('locks an account after 5 failures, refusing even the right password, then lets it in', async () => {
    const person = await createPerson(t.database.db);
    for (let i = 0; i < 4; i++) expect((await authenticate(person.username, 'Wrong-pass-1')).statusCode).toBe(401);
    expect(await lockedUntil(person.id)).toBeNull();
    expect((await authenticate(person.username, 'Wrong-pass-1')).statusCode).toBe(401);
    expect((await lockedUntil(person.id))!.getTime()).toBe(now.getTime() + 60_000);

    const whileLocked = await authenticate(person.username, person.password);
    expect(whileLocked.statusCode).toBe(401);
    const unknown = await authenticate('nobody@example.test', person.password);
    expect(whileLocked.json()).toEqual(unknown.json()); // a lock tells a guesser nothing either
    // failures while locked do not lengthen the lock
    await authenticate(person.username, 'Wrong-pass-1');
    expect((await lockedUntil(person.id))!.getTime()).toBe(now.getTime() + 60_000);

    later(61_000);
    expect((await authenticate(person.username, person.password)).statusCode).toBe(200);
    expect(await lockedUntil(person.id)).toBeNull();
  });

  it('doubles the lock with every further failure, up to one hour', async () => {
    const person = await createPerson(t.database.db);
    for (let i = 0; i < 5; i++) await authenticate(person.username, 'Wrong-pass-1');
    const expected = [120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000];
    let lock = 60_000;
    for (const next of expected) {
      later(lock + 1000);
      expect((await authenticate(person.username, 'Wrong-pass-1')).statusCode).toBe(401);
      expect((await lockedUntil(person.id))!.getTime() - now.getTime()).toBe(next);
      lock = next;
    }
  });

  it('lets the forgot-password flow work while the account is locked', async () => {
    const person = await createPerson(t.database.db);
    for (let i = 0; i < 5; i++) await authenticate(person.username, 'Wrong-pass-1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      headers: { 'x-forwarded-for': nextIp() },
      payload: { email: person.username },
    });
    expect(res.statusCode).toBe(204);
    expect(await lockedUntil(person.id)).not.toBeNull();
  });

  it('answers too many sign-ins from one address with 429, Retry-After and a problem body', async () => {
    const ip = nextIp();
    const { max } = authRateLimits.authenticate;
    for (let i = 0; i < max; i++) {
      expect((await authenticate(`nobody${i}@example.test`, 'Wrong-pass-1', ip)).statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: { 'x-forwarded-for': ip, 'accept-language': 'fr-CH' },
      payload: { username: 'a@example.test', password: 'x', acceptedTermsAndConditions: true },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 429, errors: ['Trop de requêtes. Veuillez réessayer plus tard.'] });
    // another address is not affected
    expect((await authenticate('a@example.test', 'x')).statusCode).toBe(401);
  });

  it('throttles reset-password and set-password per address', async () => {
    for (const [url, payload, limit] of [
      ['/api/v1/auth/reset-password', { email: 'nobody@example.test' }, authRateLimits.resetPassword.max],
      [
        '/api/v1/auth/set-password',
        { token: 'x'.repeat(43), password: 'Tulpen-Feld-42' },
        authRateLimits.setPassword.max,
      ],
    ] as const) {
      const ip = nextIp();
      for (let i = 0; i < limit; i++) {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': ip }, payload });
        expect(res.statusCode, url).not.toBe(429);
      }
      const res = await t.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': ip }, payload });
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['retry-after'], url).toBeDefined();
    }
  });
});
