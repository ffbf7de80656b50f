import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../src/db/schema/rate-limits';
import { registrationRateLimit } from '../../src/features/event-registrations/public-registrations.routes';
import { authRateLimits } from '../../src/platform/auth/rate-limits';
import { createPerson, nextIp } from '../factories';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Issue 15: the per-address limits (sign-in, password links, public registration) count per real
 * client. X-Forwarded-For is believed only from the proxies TRUST_PROXY names, and the counters
 * live in the database, so that every instance on it counts together.
 */
const signIn = (t: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { username: 'nobody@example.test', password: 'Wrong-pass-1', acceptedTermsAndConditions: true },
  });
const resetPassword = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    headers,
    payload: { email: 'nobody@example.test' },
  });

describe('client addresses without a trusted proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '' } });
  });
  afterAll(() => t.close());

  it('does not let a different X-Forwarded-For per request lift the sign-in limit', async () => {
    const { max } = authRateLimits.authenticate;
    for (let i = 0; i < max; i++) {
      expect((await signIn(t, { 'x-forwarded-for': nextIp() })).statusCode).toBe(401);
    }
    const res = await signIn(t, { 'x-forwarded-for': nextIp() });
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    // another real client is not affected
    expect((await signIn(t, {}, '192.0.2.7')).statusCode).toBe(401);
  });

  it('does not let a spoofed X-Forwarded-For lift the public registration limit', async () => {
    const url = '/api/v1/event-public/00000000-0000-4000-8000-000000000000/event-registration';
    const register = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'x-forwarded-for': nextIp() },
        remoteAddress: '192.0.2.8',
        payload: {},
      });
    for (let i = 0; i < registrationRateLimit.max; i++) expect((await register()).statusCode).not.toBe(429);
    expect((await register()).statusCode).toBe(429);
  });
});

describe('client addresses behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '192.0.2.1' } });
  });
  afterAll(() => t.close());

  it("believes the proxy's X-Forwarded-For: each client has its own limit", async () => {
    const client = nextIp();
    const { max } = authRateLimits.resetPassword;
    const viaProxy = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        headers: { 'x-forwarded-for': ip },
        remoteAddress: '192.0.2.1',
        payload: { email: 'nobody@example.test' },
      });
    for (let i = 0; i < max; i++) expect((await viaProxy(client)).statusCode).toBe(204);
    expect((await viaProxy(client)).statusCode).toBe(429);
    expect((await viaProxy(nextIp())).statusCode).toBe(204);
  });

  it('does not believe the header from anybody else than the proxy', async () => {
    const { max } = authRateLimits.resetPassword;
    const direct = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        headers: { 'x-forwarded-for': nextIp() },
        remoteAddress: '198.51.100.9',
        payload: { email: 'nobody@example.test' },
      });
    for (let i = 0; i < max; i++) expect((await direct()).statusCode).toBe(204);
    expect((await direct()).statusCode).toBe(429);
  });
});

describe('rate limit counters in the database', () => {
  let now = new Date('2030-03-01T10:00:00Z');
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ now: () => now });
    second = await createTestApp({ now: () => now, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('counts the hits of two instances on one database together', async () => {
    const ip = nextIp();
    const { max } = authRateLimits.resetPassword;
    for (let i = 0; i < max; i++) {
      const instance = i % 2 === 0 ? first : second;
      expect((await resetPassword(instance, { 'x-forwarded-for': ip })).statusCode).toBe(204);
    }
    expect((await resetPassword(first, { 'x-forwarded-for': ip })).statusCode).toBe(429);
    expect((await resetPassword(second, { 'x-forwarded-for': ip })).statusCode).toBe(429);
  });

  it('keeps no client address in the table, and starts over once the window has passed', async () => {
    const ip = nextIp();
    const { max } = authRateLimits.resetPassword;
    for (let i = 0; i <= max; i++) await resetPassword(first, { 'x-forwarded-for': ip });
    expect((await resetPassword(second, { 'x-forwarded-for': ip })).statusCode).toBe(429);
    const keys = (await first.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
      (row) => row.key,
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.includes(ip) || /\d+\.\d+\.\d+\.\d+/.test(key))).toEqual([]);

    now = new Date(now.getTime() + 16 * 60_000); // the window is 15 minutes
    expect((await resetPassword(second, { 'x-forwarded-for': ip })).statusCode).toBe(204);
    // the stale counters of the earlier window are gone, the fresh one counts from 1
    const rows = await first.database.db.select().from(rateLimitCounters);
    expect(rows.every((row) => row.windowEndsAt.getTime() > now.getTime())).toBe(true);
    expect(rows.map((row) => row.count)).toEqual([1]);
  });
});

describe('the user agent of a sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is kept without control characters, so a NUL in it cannot fail the sign-in', async () => {
    const person = await createPerson(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: { 'x-forwarded-for': nextIp(), 'user-agent': 'Mozilla/5.0\u0000\u0007 (X11)' },
      payload: { username: person.username, password: person.password, acceptedTermsAndConditions: true },
    });
    expect(res.statusCode).toBe(200);
  });
});
