import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { controlCharacterPattern } from '@bpw/domain/control-characters';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { seedInvoice } from '../../src/features/invoices/invoice-test-support';
import { seedMailing, seedMailingList } from '../../src/features/mailings/mailing-test-support';
import { seedUnmatchedCredit } from '../../src/features/payments/payments-test-support';
import { createEvent, createRegistration } from '../factories';
import { repoRoot } from '../test-database';
import { customFieldOf, eventIn, publicationOf } from './event-fixtures';
import { reportFigure } from './figures';
import { type FuzzRequest, fittingValue, fuzzRequest } from './fuzz-arbitraries';
import { applicationOf } from './application-object-routes';
import { addressWithLogo, notificationOf, personIn, relationOf, subscriptionOf, withAvatar } from './object-fixtures';
import { erasureRequestOf, leaveRequestOf } from './privacy-request-object-routes';
import { type JsonSchema, jsonBodyOf, operationOf } from './openapi-routes';
import { type Role, type SecurityWorld, roles } from './security-world';
import { webhookOf } from './webhook-object-routes';

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
    await applicationOf(w, clubId);
    await webhookOf(w, { clubId, state: 0 });
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

/* ---------------------------------------------------------------- one hostile value per field */

/**
 * Issue 15: hostile values in one place at a time (a path parameter, a query parameter, a body
 * field, nested ones too), the rest of the request fitting its schema, as the admin. Used for
 * control characters in every text and for the edge dates in every date field.
 */
type Place = { where: string; request: InjectOptions };
type Leaf = { path: (string | number)[]; schema: JsonSchema };

const typesOfSchema = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** The scalar fields of a body schema with their schemas (an array's first item stands for all). */
function leavesOf(schema: JsonSchema, path: (string | number)[] = [], depth = 0): Leaf[] {
  if (depth > 4) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf ?? []).filter((s) => !typesOfSchema(s).includes('null'));
  if (alternatives.length) return leavesOf(alternatives[0]!, path, depth);
  if (schema.allOf?.length) return leavesOf(schema.allOf[0]!, path, depth);
  const types = typesOfSchema(schema);
  if (types.includes('array') && schema.items) return leavesOf(schema.items, [...path, 0], depth + 1);
  if (types.includes('object') && schema.properties)
    return Object.entries(schema.properties).flatMap(([key, property]) =>
      leavesOf(property, [...path, key], depth + 1),
    );
  return [{ path, schema }];
}

const controlCharacters = new RegExp(controlCharacterPattern.source, 'g');
function withoutControlCharacters(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(controlCharacters, '');
  if (Array.isArray(value)) return value.map(withoutControlCharacters);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        // Nor prototype keys: the JSON parser refuses such a body whole, before the place under
        // test is looked at (its own refusal, tested by the fuzz battery).
        .filter(([key]) => key !== '__proto__' && key !== 'constructor' && key !== 'prototype')
        .map(([key, item]) => [key.replace(controlCharacters, ''), withoutControlCharacters(item)]),
    );
  return value;
}

function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(body) ? [...(body as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const record: Record<string, unknown> =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  record[head!] = withValueAt(record[head!], rest, value);
  return record;
}

/**
 * The requests that put one of `valuesFor(field's schema)` into one place each. Path parameters
 * take `pathValues`; everything else stays as a fitting sample (fixed seed per route). `ids` says
 * which existing objects a body place's path names (see `runPlacesBattery`).
 */
function placesOf(
  w: SecurityWorld,
  route: { method: string; url: string },
  options: { pathValues: string[]; valuesFor: (schema: JsonSchema) => string[] },
  fallbackIds: string[],
): Array<Place & { urlFor?: (ids: string[]) => string }> {
  const operation = operationOf(w.app, route);
  const method = route.method as InjectOptions['method'];
  const urlWith = (replace: (name: string, index: number) => string) => {
    let index = 0;
    return route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => replace(name, index++));
  };
  const urlFor = (ids: string[]) => urlWith((_name, index) => ids[index] ?? fallbackIds[0]!);
  const fittingUrl = urlFor(fallbackIds);
  const bodySchema = route.method === 'GET' ? undefined : jsonBodyOf(operation);
  const seed = seedOf(FUZZ_SEED, `${route.method} ${route.url}`);
  // Without control characters elsewhere: they would hide the refusal of the place under test.
  const fittingBody = bodySchema
    ? withoutControlCharacters(
        fc.sample(fittingValue(bodySchema, fc.constantFrom(...fallbackIds)), { seed, numRuns: 1 })[0],
      )
    : undefined;
  const json = (body: unknown) =>
    body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const places: Array<Place & { urlFor?: (ids: string[]) => string }> = [];
  for (const param of [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!)) {
    for (const value of options.pathValues) {
      const url = urlWith((name, index) => (name === param ? encodeURIComponent(value) : fallbackIds[index]!));
      places.push({
        where: `path :${param} = ${JSON.stringify(value)}`,
        request: { method, url, ...json(fittingBody) },
      });
    }
  }
  for (const query of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
    for (const value of options.valuesFor(query.schema)) {
      const url = `${fittingUrl}?${encodeURIComponent(query.name)}=${encodeURIComponent(value)}`;
      places.push({
        where: `query ${query.name} = ${JSON.stringify(value)}`,
        request: { method, url, ...json(fittingBody) },
      });
    }
  }
  for (const leaf of bodySchema ? leavesOf(bodySchema) : []) {
    for (const value of options.valuesFor(leaf.schema)) {
      const body = withValueAt(fittingBody, leaf.path, value);
      places.push({
        where: `body ${leaf.path.join('.')} = ${JSON.stringify(value)}`,
        request: { method, url: fittingUrl, ...json(body) },
        urlFor,
      });
    }
  }
  return places;
}

/** The text of a message key in every language, `{{field}}` matching any field, as one pattern. */
function messagePattern(key: string): RegExp {
  const dir = path.join(repoRoot, 'packages/domain/src/messages');
  const texts = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const messages = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
      return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
    })
    .filter((text): text is string => typeof text === 'string');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(${texts.map((text) => escape(text).replace(escape('{{field}}'), '.+')).join('|')})$`);
}

/**
 * Candidate path ids of the routes whose body places need an existing object (a write route
 * checks permission first and answers 404 for an unknown one): single ids of every table, and
 * (person, child) pairs of every table with a person_id, for `/person/:id/<child>/:childId`.
 */
async function pathIdCandidates(w: SecurityWorld, pool: string[]): Promise<string[][]> {
  const { rows: tables } = await w.t.database.raw(
    `select table_name as name from information_schema.columns
     where table_schema = 'public' and column_name = 'person_id' and data_type = 'uuid'
       and table_name in (select table_name from information_schema.columns
                          where table_schema = 'public' and column_name = 'id' and data_type = 'uuid')
     order by table_name`,
  );
  const pairs: string[][] = [];
  for (const { name } of tables as Array<{ name: string }>) {
    const { rows } = await w.t.database.raw(
      `select person_id, id from "${name}" where person_id is not null order by id limit 6`,
    );
    pairs.push(...rows.map((r) => [String(r.person_id), String(r.id)]));
  }
  return [...pool.map((id) => [id]), ...pairs];
}

/**
 * Every place answers 400 problem+json with the message `messageKey` (in the caller's language).
 * A body place on a route with path parameters is tried with the candidate ids until the route's
 * permission pre-check lets it through (the hostile body is refused, so nothing is changed).
 */
async function runPlacesBattery(
  w: SecurityWorld,
  options: {
    label: string;
    what: string;
    messageKey: string;
    pathValues: string[];
    valuesFor: (schema: JsonSchema) => string[];
  },
) {
  // Objects the fuzzing's pool lacks, so that their write routes get past the permission check.
  const eventId = await eventIn(w, { clubId: w.clubA, state: 0 });
  await customFieldOf(w, eventId);
  await publicationOf(w, w.clubA, w.clubB);
  const made = [
    // An issued invoice (cancel, payment) and an unmatched credit (assign).
    await seedInvoice(w.db, { clubId: w.clubA, personId: await personIn(w, { clubId: w.clubA, state: 0 }) }),
    await seedUnmatchedCredit(w.db, w.clubA),
    // A draft mailing (change, test mail) and a mailing list (change, add a subscriber).
    await seedMailing(w.db, { clubId: w.clubA, audience: { kind: 'club', clubId: w.clubA } }),
    await seedMailingList(w.db, { clubId: w.clubA, isOpen: true }),
    // Pending leave and erasure requests (confirm, decline; an erasure request's id is her person id).
    await leaveRequestOf(w, w.clubA),
    await erasureRequestOf(w, w.clubA),
  ];
  const pool = await idPool(w);
  // The objects made here last: the pool's first ids stay the ones every other route is tried with.
  const candidates = [...(await pathIdCandidates(w, pool)), ...made.map((id) => [id])];
  const message = messagePattern(options.messageKey);
  const failures: string[] = [];
  const workingIds = new Map<string, string[]>();
  let calls = 0;
  let serverErrors = 0;
  const send = async (request: InjectOptions) => {
    const res = await w.call('admin', request);
    calls++;
    if (res.statusCode >= 500) serverErrors++;
    if (res.statusCode === 401) w.forgetToken('admin');
    return res;
  };
  for (const route of w.app.apiRoutes) {
    const key = `${route.method} ${route.url}`;
    const hasParams = route.url.includes(':');
    for (const place of placesOf(w, route, options, pool)) {
      let res = await send(place.request);
      if (place.urlFor && hasParams && (res.statusCode === 404 || res.statusCode === 403)) {
        const known = workingIds.get(key);
        for (const ids of known ? [known, ...candidates] : candidates) {
          res = await send({ ...place.request, url: place.urlFor(ids) });
          if (res.statusCode !== 404 && res.statusCode !== 403) {
            workingIds.set(key, ids);
            break;
          }
        }
      }
      const errors = res.statusCode === 400 ? ((res.json() as { errors?: string[] }).errors ?? []) : [];
      const isRefused =
        res.statusCode === 400 &&
        String(res.headers['content-type']).startsWith('application/problem+json') &&
        errors.some((e) => message.test(e));
      if (!isRefused) failures.push(`${key} ${place.where}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
  }
  reportFigure(
    options.label,
    `${w.app.apiRoutes.length} routes, ${calls} requests with ${options.what}: ${serverErrors} answered 5xx, ` +
      `${failures.length} not refused with 400 and ${options.messageKey}`,
  );
  return failures;
}

/** NUL above all (PostgreSQL refuses it in text), and the other control characters refused. */
export const controlCharacterTexts = ['a\u0000b', '\u0000', 'a\u0001b', 'a\u001bb', 'a\u007fb'];

/** Every path parameter, query parameter and body field (of whatever type) with a control character. */
export const runControlCharacterBattery = (w: SecurityWorld, options: { label: string }) =>
  runPlacesBattery(w, {
    ...options,
    what: 'a control character in one path parameter, query parameter or body field',
    messageKey: 'validation.invalid',
    pathValues: controlCharacterTexts,
    // NUL in every field; the other characters in the text fields only.
    valuesFor: (schema) =>
      typesOfSchema(schema).includes('string') ? controlCharacterTexts : controlCharacterTexts.slice(0, 1),
  });

/** Days outside 1900-01-01 to 2199-12-31 (validation.ts DATE_MIN/DATE_MAX), and beyond 4 digits. */
export const edgeDates = ['0000-01-01', '0001-01-01', '1899-12-31', '2200-01-01', '9999-12-31', '10000-01-01'];
export const edgeDateTimes = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '1900-01-01T00:30:00+01:00',
  '2200-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '10000-01-01T00:00:00Z',
];

/** Every date and date-time field (query and body, by its OpenAPI format) with each edge value. */
export const runDateEdgeBattery = (w: SecurityWorld, options: { label: string }) =>
  runPlacesBattery(w, {
    ...options,
    what: 'an edge date in one date or date-time field',
    messageKey: 'validation.date',
    pathValues: [],
    valuesFor: (schema) => {
      const formats = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map((s) => s.format);
      if (formats.includes('date')) return edgeDates;
      if (formats.includes('date-time')) return edgeDateTimes;
      return [];
    },
  });
