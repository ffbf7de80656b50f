import { apiTokenPrefix, apiTokenScopes } from '@bpw/domain/schemas/api-token';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../src/db/schema/api-tokens';
import { apiTokenRouteScopes, scopeOfRoute } from '../src/platform/auth/api-token-scopes';
import { hashToken, newOpaqueToken } from '../src/platform/auth/secure-tokens';
import { nextIp } from './factories';
import {
  type ActorName,
  type MatrixWorld,
  type SignedInActorName,
  actorNames,
  createMatrixWorld,
  permissionMatrix,
} from './permission-matrix';
import { createTestApp, type TestApp } from './test-app';

type Route = { method: string; url: string; auth: string };
const signedInActors = actorNames.filter((a): a is SignedInActorName => a !== 'anonymous');

/**
 * Issue 26: the permission matrix again, with API tokens instead of sign-ins
 * (docs/decisions/api-tokens.md). A token never allows more than its owner may now: with every
 * scope it is answered as the owner's session is on the routes of the scope table and refused
 * (403) on every other; with one scope only on that scope's routes; revoked or expired, never.
 */
describe('permission matrix with API tokens', () => {
  let t: TestApp;
  let world: MatrixWorld;
  const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

  async function insertToken(values: {
    kind: 'personal' | 'club' | 'association';
    personId?: string;
    clubId?: string;
    scopes: readonly string[];
    expiresAt?: Date;
    revokedAt?: Date;
  }) {
    const secret = `${apiTokenPrefix[values.kind]}${newOpaqueToken()}`;
    await t.database.db.insert(apiTokens).values({
      kind: values.kind,
      personId: values.personId ?? null,
      clubId: values.clubId ?? null,
      name: `Matrix ${values.kind}`,
      scopes: [...values.scopes],
      secretHash: hashToken(secret),
      hint: secret.slice(0, 12),
      expiresAt: values.expiresAt ?? new Date(Date.now() + 86_400_000),
      revokedAt: values.revokedAt ?? null,
    });
    return secret;
  }

  async function call(route: Route, actor: ActorName, secret: string): Promise<LightMyRequestResponse> {
    const request = await permissionMatrix[key(route)]!.request(world, actor);
    return t.app.inject({
      method: route.method as 'GET',
      url: request.url ?? route.url,
      headers: { 'x-forwarded-for': nextIp(), authorization: `Bearer ${secret}` },
      ...(request.payload ? { payload: request.payload } : {}),
    });
  }

  const isAllowedAnswer = (status: number) => status !== 401 && status !== 403 && status < 500;
  const tokenRoutes = () => t.app.apiRoutes.filter((route) => route.auth !== 'public');

  beforeAll(async () => {
    t = await createTestApp();
    ({ world } = await createMatrixWorld(t.app, t.database.db));
  });
  afterAll(() => t.close());

  it('names only registered routes that take a sign-in in its scope table', () => {
    const registered = new Map(t.app.apiRoutes.map((route) => [key(route), route.auth]));
    const wrong = Object.keys(apiTokenRouteScopes).filter((k) => (registered.get(k) ?? 'public') === 'public');
    expect(wrong).toEqual([]);
    const refused = ['/api/v1/auth/', '/api/v1/api-token', '/api-token'];
    expect(Object.keys(apiTokenRouteScopes).filter((k) => refused.some((r) => k.includes(r)))).toEqual([]);
  });

  it("answers a personal token with every scope as its owner's session, and refuses unlisted routes", async () => {
    const mismatches: string[] = [];
    for (const actor of signedInActors) {
      const secret = await insertToken({ kind: 'personal', personId: world.actors[actor].id, scopes: apiTokenScopes });
      for (const route of tokenRoutes()) {
        const res = await call(route, actor, secret);
        const rule = permissionMatrix[key(route)]!;
        const hasScope = scopeOfRoute(route.method, route.url) !== undefined;
        const ok = hasScope
          ? rule.allowed.includes(actor)
            ? isAllowedAnswer(res.statusCode)
            : res.statusCode === 403
          : res.statusCode === 403;
        if (!ok) mismatches.push(`${key(route)} as ${actor}'s token: ${res.statusCode} ${res.body}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 600_000);

  it('lets a token of one scope use exactly the routes of that scope', async () => {
    const mismatches: string[] = [];
    for (const scope of apiTokenScopes) {
      const secret = await insertToken({ kind: 'personal', personId: world.actors.admin.id, scopes: [scope] });
      for (const route of tokenRoutes()) {
        const needed = scopeOfRoute(route.method, route.url);
        if (needed === undefined) continue; // refused for every token: the test above
        const res = await call(route, 'admin', secret);
        const ok = needed === scope ? isAllowedAnswer(res.statusCode) : res.statusCode === 403;
        if (!ok) mismatches.push(`${key(route)} with ${scope}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 600_000);

  it("never lets a club's service token do what the club's database manager may not", async () => {
    const secret = await insertToken({ kind: 'club', clubId: world.clubId, scopes: apiTokenScopes });
    const mismatches: string[] = [];
    for (const route of tokenRoutes()) {
      if (scopeOfRoute(route.method, route.url) === undefined) continue;
      const res = await call(route, 'clubManager', secret);
      const isManagerAllowed = permissionMatrix[key(route)]!.allowed.includes('clubManager');
      if (!isManagerAllowed && res.statusCode !== 403 && res.statusCode !== 404) {
        mismatches.push(`${key(route)} with club A's token: ${res.statusCode} ${res.body}`);
      }
      if (res.statusCode >= 500) mismatches.push(`${key(route)} with club A's token: ${res.statusCode}`);
    }
    expect(mismatches).toEqual([]);
  }, 600_000);

  it('refuses a revoked and an expired token on every route that takes a sign-in (401)', async () => {
    const personId = world.actors.admin.id;
    const revoked = await insertToken({ kind: 'personal', personId, scopes: apiTokenScopes, revokedAt: new Date() });
    const expired = await insertToken({
      kind: 'personal',
      personId,
      scopes: apiTokenScopes,
      expiresAt: new Date(Date.now() - 1000),
    });
    const mismatches: string[] = [];
    for (const route of tokenRoutes()) {
      for (const [name, secret] of [
        ['revoked', revoked],
        ['expired', expired],
      ] as const) {
        const res = await call(route, 'admin', secret);
        const isProblem = String(res.headers['content-type']).includes('application/problem+json');
        if (res.statusCode !== 401 || !isProblem) mismatches.push(`${key(route)} ${name}: ${res.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 600_000);
});
