import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, injectAs, nextIp } from '../factories';
import { type MatrixWorld, permissionMatrix } from '../permission-matrix';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Issue 21: with SECOND_FACTOR_REQUIRED on, an administrator or club database manager signed in
 * with her password only reaches nothing but the set-up of a second factor. Every registered
 * signed-in or optional route is called with its permission-matrix request.
 */
const setupRoutes = new Set([
  'GET /api/v1/auth/second-factors',
  'POST /api/v1/auth/totp/setup',
  'POST /api/v1/auth/totp/confirm',
  'POST /api/v1/auth/passkeys/options',
  'POST /api/v1/auth/passkeys',
]);

describe('no route without the required second factor', () => {
  let t: TestApp;
  let world: MatrixWorld;
  beforeAll(async () => {
    t = await createTestApp({ env: { SECOND_FACTOR_REQUIRED: '1' } });
    const db = t.database.db;
    const clubId = (await createClub(db)).id;
    const otherClubId = (await createClub(db)).id;
    world = {
      app: t.app,
      db,
      clubId,
      otherClubId,
      actors: {
        member: await createPerson(db, { clubId }),
        clubManager: await createPerson(db, { clubId, type: 'database' }),
        otherClubManager: await createPerson(db, { clubId: otherClubId, type: 'database' }),
        eventManager: await createPerson(db, { clubId, type: 'responsibleEvents' }),
        centralCommittee: await createPerson(db, { clubId: otherClubId, isCentralCommittee: true }),
        admin: await createPerson(db, { isAdmin: true }),
      },
      freshMember: () => createPerson(db, { clubId }),
    };
  });
  afterAll(() => t.close());

  const signInWithPassword = async (person: { username: string; password: string }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: { 'x-forwarded-for': nextIp() },
      payload: { username: person.username, password: person.password, acceptedTermsAndConditions: true },
    });
    return res.json() as { token: string; secondFactorSetupRequired?: boolean };
  };

  for (const actor of ['admin', 'clubManager'] as const) {
    it(`answers a ${actor} without a second factor 403 everywhere but the set-up`, async () => {
      const signedIn = await signInWithPassword(world.actors[actor]);
      expect(signedIn.secondFactorSetupRequired).toBe(true);
      const wrong: string[] = [];
      const routes = t.app.apiRoutes.filter((route) => route.auth !== 'public');
      expect(routes.length).toBeGreaterThan(50);
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const rule = permissionMatrix[key];
        const request = rule ? await rule.request(world, actor) : {};
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: request.url ?? route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000'),
          headers: { 'x-forwarded-for': nextIp(), authorization: `Bearer ${signedIn.token}` },
          ...(request.payload ? { payload: request.payload } : {}),
        });
        const isSetup = setupRoutes.has(key);
        const isRefused =
          res.statusCode === 403 &&
          (res.json() as { errors: string[] }).errors.some((e) => e.includes('zweiten Faktor'));
        if (isSetup === isRefused || res.statusCode >= 500)
          wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      expect(wrong).toEqual([]);
    }, 180_000);
  }

  it('lets the same sign-in through once TOTP is set up, and never asks members', async () => {
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const { token } = await signInWithPassword(admin);
    const as = injectAs(t.app, token);
    expect((await as({ url: `/api/v1/person/${admin.id}` })).statusCode).toBe(403);
    const { secret } = (await as({ method: 'POST', url: '/api/v1/auth/totp/setup' })).json();
    const confirmed = await as({
      method: 'POST',
      url: '/api/v1/auth/totp/confirm',
      payload: { code: await generate({ secret }) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await as({ url: `/api/v1/person/${admin.id}` })).statusCode).toBe(200);

    const member = await signInWithPassword(world.actors.member);
    expect(member.secondFactorSetupRequired).toBeUndefined();
    expect((await injectAs(t.app, member.token)({ url: '/api/v1/auth/sessions' })).statusCode).toBe(200);
  });
});
