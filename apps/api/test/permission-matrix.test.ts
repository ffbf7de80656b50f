import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from './factories';
import {
  type ActorName,
  type MatrixWorld,
  type SignedInActorName,
  actorNames,
  createMatrixWorld,
  permissionMatrix,
} from './permission-matrix';
import { jsonBodyOf, operationOf } from './security/openapi-routes';
import { createTestApp, type TestApp } from './test-app';

describe('permission matrix: every route, every kind of caller', () => {
  let t: TestApp;
  let world: MatrixWorld;
  let tokens: Record<SignedInActorName, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ world, sessions: tokens } = await createMatrixWorld(t.app, t.database.db));
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

  // Issue 15: permission before validation. Every write route with a body, sent an empty body
  // `{}` by every kind of caller: who may not use it at all is refused (401, 403 or 404) before
  // anything is said about the body; who may use it gets 400 with the errors.
  it('refuses a caller who may not use a write route before it judges the body', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const route of t.app.apiRoutes) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      const body = jsonBodyOf(operationOf(t.app, route));
      if (!body) continue;
      const rule = permissionMatrix[key(route)]!;
      const usableBy = rule.usableBy ?? rule.allowed;
      const isEmptyInvalid = (body.required ?? []).length > 0;
      for (const actor of actorNames as readonly ActorName[]) {
        const request = await rule.request(world, actor);
        calls++;
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: request.url ?? route.url,
          headers: {
            'x-forwarded-for': nextIp(),
            ...(actor === 'anonymous' ? {} : { authorization: `Bearer ${tokens[actor]}` }),
          },
          payload: {},
        });
        const got = `${res.statusCode} ${res.body}`;
        if (!usableBy.includes(actor)) {
          const refused = actor === 'anonymous' ? [401] : [403, 404];
          if (!refused.includes(res.statusCode))
            mismatches.push(`${key(route)} as ${actor} with {}: expected ${refused.join('/')}, got ${got}`);
        } else if (isEmptyInvalid) {
          const errors = res.statusCode === 400 ? (res.json() as { errors?: unknown[] }).errors : undefined;
          if (!errors?.length)
            mismatches.push(`${key(route)} as ${actor} with {}: expected 400 with errors, got ${got}`);
        } else if (res.statusCode >= 500) {
          mismatches.push(`${key(route)} as ${actor} with {}: got ${got}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  }, 180_000);
});
