import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createPerson, nextIp, signIn } from './factories';
import {
  type ActorName,
  type MatrixWorld,
  type SignedInActorName,
  actorNames,
  permissionMatrix,
} from './permission-matrix';
import { createTestApp, type TestApp } from './test-app';

describe('permission matrix: every route, every kind of caller', () => {
  let t: TestApp;
  let world: MatrixWorld;
  const tokens = {} as Record<SignedInActorName, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const clubId = (await createClub(db)).id;
    const otherClubId = (await createClub(db)).id;
    const actors = {
      member: await createPerson(db, { clubId }),
      clubManager: await createPerson(db, { clubId, type: 'database' }),
      otherClubManager: await createPerson(db, { clubId: otherClubId, type: 'database' }),
      eventManager: await createPerson(db, { clubId, type: 'responsibleEvents' }),
      centralCommittee: await createPerson(db, { clubId: otherClubId, isCentralCommittee: true }),
      admin: await createPerson(db, { isAdmin: true }),
    };
    world = { app: t.app, db, clubId, otherClubId, actors, freshMember: () => createPerson(db, { clubId }) };
    for (const [name, person] of Object.entries(actors)) {
      tokens[name as SignedInActorName] = (await signIn(t.app, person.username, person.password)).token;
    }
  });
  afterAll(() => t.close());

  const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

  it('lists every registered /api/v1 route, and only those', () => {
    const registered = t.app.apiRoutes.map(key).sort();
    expect(registered.length).toBeGreaterThan(0);
    expect(
      registered.filter((k) => !(k in permissionMatrix)),
      'routes missing from permission-matrix.ts',
    ).toEqual([]);
    expect(
      Object.keys(permissionMatrix).filter((k) => !registered.includes(k)),
      'rows without a route',
    ).toEqual([]);
  });

  it('declares public or optional auth exactly where anonymous callers are allowed', () => {
    for (const route of t.app.apiRoutes) {
      const isAnonymousAllowed = permissionMatrix[key(route)]?.allowed.includes('anonymous');
      expect(route.auth !== 'signed-in', key(route)).toBe(isAnonymousAllowed);
    }
  });

  it('answers each caller as the table says', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.apiRoutes) {
      const rule = permissionMatrix[key(route)]!;
      for (const actor of actorNames as readonly ActorName[]) {
        const request = await rule.request(world, actor);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: request.url ?? route.url,
          headers: {
            'x-forwarded-for': nextIp(),
            ...(actor === 'anonymous' ? {} : { authorization: `Bearer ${tokens[actor]}` }),
          },
          ...(request.payload ? { payload: request.payload } : {}),
        });
        const isAllowed = rule.allowed.includes(actor);
        const expected = isAllowed ? 'not 401/403' : actor === 'anonymous' ? '401' : '403';
        const ok = isAllowed
          ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
          : res.statusCode === (actor === 'anonymous' ? 401 : 403);
        if (!ok) mismatches.push(`${key(route)} as ${actor}: expected ${expected}, got ${res.statusCode} ${res.body}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000); // every route times every kind of caller: hundreds of requests
});
