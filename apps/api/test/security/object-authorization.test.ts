import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigure } from './figures';
import { withMissingIds } from './object-fixtures';
import { objectCases } from './object-routes';
import { type Role, type SecurityWorld, createSecurityWorld, isDeny, pathParams, roles } from './security-world';

/**
 * OWASP API1:2023 / ASVS V8.2: every route that takes an id, called by every role for an object
 * of the caller's own club, of another club, hidden (an archived person, a Planning event), and missing.
 */
describe('object-level authorization: every id route, every role, own club, other club, missing', () => {
  let w: SecurityWorld;
  beforeAll(async () => {
    w = await createSecurityWorld();
  });
  afterAll(() => w.t.close());

  const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
  const idRoutes = () => w.app.apiRoutes.filter((route) => pathParams(route.url).length > 0);

  it('has a row for every route that takes an id', () => {
    const missing = idRoutes()
      .map(key)
      .filter((k) => !(k in objectCases));
    expect(missing, 'routes missing from security/object-routes.ts').toEqual([]);
    expect(
      Object.keys(objectCases).filter((k) => !idRoutes().map(key).includes(k)),
      'rows without a route',
    ).toEqual([]);
  });

  it('allows and refuses exactly as the table says', async () => {
    const unexpected: string[] = [];
    const counts = { calls: 0, unexpectedAllows: 0, unexpectedDenies: 0, serverErrors: 0 };
    const check = async (
      label: string,
      role: Role,
      request: InjectOptions,
      isAllowed: boolean,
      denyCodes: number[],
    ) => {
      const res = await w.call(role, request);
      counts.calls++;
      const isRefused = denyCodes.includes(res.statusCode);
      if (res.statusCode >= 500) counts.serverErrors++;
      else if (isAllowed && isDeny(res.statusCode)) counts.unexpectedDenies++;
      else if (!isAllowed && !isRefused) counts.unexpectedAllows++;
      else return;
      unexpected.push(
        `${label} as ${role}: ${isAllowed ? 'allow' : 'deny'} expected, got ${res.statusCode} ${res.body}`,
      );
    };
    const deny = [401, 403, 404];

    for (const route of idRoutes()) {
      const rule = objectCases[key(route)];
      if (!rule) continue;
      const method = route.method as InjectOptions['method'];
      for (const role of roles) {
        const request = async (build: Promise<{ url?: string; payload?: object | Buffer; headers?: object }>) => {
          const built = await build;
          return { method, url: built.url ?? route.url, ...built } as InjectOptions;
        };
        await check(
          `${key(route)} own club`,
          role,
          await request(rule.build(w, { clubId: w.clubA, state: 0 })),
          rule.own.includes(role),
          deny,
        );
        await check(
          `${key(route)} other club`,
          role,
          await request(rule.build(w, { clubId: w.clubB, state: 0 })),
          rule.other.includes(role),
          deny,
        );
        const forMissing = await request(rule.build(w, { clubId: w.clubA, state: 0 }));
        await check(`${key(route)} missing`, role, { ...forMissing, url: withMissingIds(route.url) }, false, deny);
        if (rule.hidden) {
          const { own, other } = rule.hidden;
          await check(
            `${key(route)} hidden, own club`,
            role,
            await request(rule.build(w, { clubId: w.clubA, state: 90 })),
            own.includes(role),
            deny,
          );
          await check(
            `${key(route)} hidden, other club`,
            role,
            await request(rule.build(w, { clubId: w.clubB, state: 90 })),
            other.includes(role),
            deny,
          );
        }
        if (rule.foreignChild) {
          const self = role === 'anonymous' ? w.actors.member.id : w.actors[role].id;
          await check(
            `${key(route)} foreign child`,
            role,
            await request(rule.foreignChild(w, self)),
            rule.foreignChildAllowed?.includes(role) ?? false,
            [400, ...deny],
          );
        }
      }
    }
    reportFigure(
      'object-level authorization',
      `${counts.calls} calls on ${idRoutes().length} id routes x ${roles.length} roles: ` +
        `${counts.unexpectedAllows} unexpected allows, ${counts.unexpectedDenies} unexpected denies, ` +
        `${counts.serverErrors} 5xx`,
    );
    expect(unexpected).toEqual([]);
  }, 600_000);
});
