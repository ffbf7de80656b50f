import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createEvent, createRegistration } from '../factories';
import { reportFigure } from './figures';
import { type FuzzRequest, fuzzRequest } from './fuzz-arbitraries';
import { addressWithLogo, notificationOf, personIn, relationOf, subscriptionOf, withAvatar } from './object-fixtures';
import { operationOf } from './openapi-routes';
import { type Role, type SecurityWorld, roles } from './security-world';

/**
 * Fuzzing every registered /api/v1 route from its OpenAPI description, `runs` cases each, as a
 * random role, with a fixed seed per route (the base seed plus the route's name, so adding a
 * route changes no other route's cases). Every answer must be below 500, a refusal must be
 * problem+json, and no body may carry a stack trace, a file path or a database message.
 */
export const FUZZ_SEED = 20_260_521;

const leakPatterns = [
  /\n\s+at .+[(:]\d+/, // a stack frame
  /node_modules|file:\/\/|\/work\/|\/home\/|\/usr\/|[\w-]+\.[tj]s:\d+/,
  /syntax error at|violates .* constraint|duplicate key|invalid input syntax|PGlite|drizzle|pg_catalog/i,
];

const seedOf = (base: number, key: string) => base + createHash('sha256').update(key).digest().readUInt32BE(0);

/** Ids of existing rows of every table (but never the callers themselves), plus random ones. */
async function idPool(w: SecurityWorld): Promise<string[]> {
  // Objects of each kind in the clubs, so deep code paths are reached.
  for (const clubId of [w.clubA, w.clubB]) {
    const person = await personIn(w, { clubId, state: 0 });
    await withAvatar(w, person);
    await addressWithLogo(w, person);
    await notificationOf(w, person);
    await subscriptionOf(w, person);
    await relationOf(w, person, clubId);
    const event = await createEvent(w.db, { responsibleClubId: clubId });
    await createRegistration(w.db, { eventId: event.id, personId: person });
    await createRegistration(w.db, { eventId: event.id });
  }
  const callers = new Set(Object.values(w.actors).map((a) => a.id));
  const { rows: tables } = await w.t.database.raw(
    `select table_name as name from information_schema.columns
     where table_schema = 'public' and column_name = 'id' and data_type = 'uuid' order by table_name`,
  );
  const ids: string[] = [];
  for (const { name } of tables as Array<{ name: string }>) {
    const { rows } = await w.t.database.raw(`select id from "${name}" order by id limit 6`);
    ids.push(...rows.map((r) => String(r.id)).filter((id) => !callers.has(id)));
  }
  return [...new Set(ids)];
}

export async function runFuzzBattery(w: SecurityWorld, options: { runs: number; label: string }) {
  const pool = await idPool(w);
  const ids = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.uuid() });
  const failures: string[] = [];
  const statuses: Record<string, number> = {};
  let cases = 0;
  const routes = w.app.apiRoutes;
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const arbitrary = fc.tuple(fc.constantFrom<Role>(...roles), fuzzRequest(route, operationOf(w.app, route), ids));
    const seed = seedOf(FUZZ_SEED, key);
    await fc.assert(
      fc.asyncProperty(arbitrary, async ([role, request]: [Role, FuzzRequest]) => {
        const res = await w.call(role, { method: route.method as InjectOptions['method'], ...request });
        cases++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const problems: string[] = [];
        if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
        if (res.statusCode >= 400 && !String(res.headers['content-type']).startsWith('application/problem+json'))
          problems.push(`refused without problem+json (${res.headers['content-type']})`);
        const leak = leakPatterns.find((pattern) => pattern.test(res.body));
        if (leak && res.statusCode >= 400) problems.push(`body matches ${leak}`);
        if (problems.length)
          failures.push(
            `${key} as ${role} (seed ${seed}): ${problems.join(', ')}: ${JSON.stringify(request).slice(0, 600)} -> ${res.body.slice(0, 300)}`,
          );
        // A case may have ended the caller's session (logout, new password): sign in again.
        if (res.statusCode === 401 && role !== 'anonymous') w.forgetToken(role);
        return true;
      }),
      { seed, numRuns: options.runs },
    );
  }
  const serverErrors = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  reportFigure(
    options.label,
    `${routes.length} routes x ${options.runs} cases (seed ${FUZZ_SEED}) = ${cases} requests: ${serverErrors} answered 5xx, ` +
      `${failures.length} faulty answers (5xx, stack trace, not problem+json); answers ${JSON.stringify(statuses)}`,
  );
  return failures;
}
