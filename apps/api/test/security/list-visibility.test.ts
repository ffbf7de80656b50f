import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/db/schema/accounts';
import { systemSecrets } from '../../src/db/schema/system-secrets';
import { permissionMatrix } from '../permission-matrix';
import { type Canaries, plantCanaries } from './canaries';
import { reportFigure } from './figures';
import { operationOf } from './openapi-routes';
import { type SecurityWorld, createSecurityWorld, pathParams, roles } from './security-world';
import { type Marker, fieldLeaks, forbiddenMarkers } from './visibility-rules';

/**
 * OWASP API3:2023 (excessive data exposure), ASVS V8.2.3: every GET route (lists, searches,
 * details, the export), called by every role with filters that would find the canaries; the
 * answer never holds a person or a field the role may not see, and never a secret.
 */
describe('what each role receives: lists, searches, details and the export', () => {
  let w: SecurityWorld;
  let c: Canaries;
  beforeAll(async () => {
    w = await createSecurityWorld();
    c = await plantCanaries(w);
  });
  afterAll(() => w.t.close());

  async function bodyText(res: LightMyRequestResponse) {
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('spreadsheetml')) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      workbook.eachSheet((sheet) =>
        sheet.eachRow((row) =>
          (row.values as unknown[]).forEach((v) => cells.push(v instanceof Date ? v.toISOString() : String(v))),
        ),
      );
      return cells.join('\n');
    }
    if (type.startsWith('image/')) return '';
    return res.body;
  }

  /** The paths to call: person ids by the canaries, club ids by clubs A and B, addresses by the person's. */
  function pathsOf(url: string): string[] {
    const params = pathParams(url);
    if (params.length === 0) return [url];
    const segments = url.split('/');
    const kindOf = (param: string) => segments[segments.indexOf(`:${param}`) - 1];
    const people = [c.activeA, c.activeB, c.archivedA, c.archivedB];
    const personParam = params.find((p) => ['person', 'auth'].includes(kindOf(p) ?? ''));
    const eventParam = params.find((p) => ['event', 'event-public'].includes(kindOf(p) ?? ''));
    if (eventParam) {
      return [c.planningA, c.planningB, c.openB].map((event) =>
        url.replace(/:([A-Za-z]+)/g, (_m, param: string) => (param === eventParam ? event.id : randomUUID())),
      );
    }
    const choices = personParam ? people : [undefined];
    return choices.flatMap((person) => {
      const clubs = params.some((p) => kindOf(p) === 'club') ? [w.clubA, w.clubB] : [undefined];
      return clubs.map((club) =>
        url.replace(/:([A-Za-z]+)/g, (_m, param: string) => {
          if (param === personParam && person) return person.id;
          if (kindOf(param) === 'club' && club) return club;
          if (kindOf(param) === 'address' && person) return person.addressId;
          return randomUUID();
        }),
      );
    });
  }

  /** Query variants: the matrix's valid query, then one filter at a time that would find canaries. */
  async function queriesOf(route: { method: string; url: string }): Promise<string[]> {
    const rule = permissionMatrix[`${route.method} ${route.url}`];
    const base = new URLSearchParams(
      (rule ? (await rule.request(w.matrixWorld, 'admin')).url : '')?.split('?')[1] ?? '',
    );
    const declared = new Set(
      (operationOf(w.app, route).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    );
    const extras: Array<[string, string]> = [
      ['PerPage', '0'],
      ['Clubs', w.clubA],
      ['Clubs', w.clubB],
      ['PersonId', c.activeA.id],
      ['PersonId', c.archivedA.id],
      ['Name', 'Canary'],
      ['Lastname', 'Canary'],
      ['States', '90'],
      ['EventStates', '10'],
      ['Title', 'Canary'],
      ...[0, 10, 20, 30, 40].map((format): [string, string] => ['OutputFormat', String(format)]),
    ];
    const variants = [base.toString()];
    for (const [name, value] of extras) {
      if (!declared.has(name)) continue;
      const query = new URLSearchParams(base);
      query.set(name, value);
      if (name !== 'PerPage' && declared.has('PerPage')) query.set('PerPage', '0');
      variants.push(query.toString());
    }
    return [...new Set(variants)];
  }

  it('never answers a role a person, a field or a secret it may not see', async () => {
    const secrets: Marker[] = [
      { text: '$argon2', what: 'a password hash' },
      { text: w.t.config.jwtSecret!, what: 'the JWT secret' },
      ...(await w.db.select({ v: systemSecrets.value }).from(systemSecrets)).map((r) => ({
        text: r.v,
        what: 'a system secret',
      })),
      ...(await w.db.select({ v: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => ({
        text: r.v,
        what: 'a refresh token hash',
      })),
    ];
    const leaks: string[] = [];
    let calls = 0;
    let answered = 0;
    /** Answers that did show a canary (where allowed): proof that the filters reach them. */
    let sightings = 0;
    const getRoutes = w.app.apiRoutes.filter((r) => r.method === 'GET' && !r.url.endsWith('/notification/stream'));
    for (const route of getRoutes) {
      const routeKey = `${route.method} ${route.url}`;
      const queries = await queriesOf(route);
      for (const path of pathsOf(route.url)) {
        for (const query of queries) {
          const url = query ? `${path}?${query}` : path;
          for (const role of roles) {
            const res = await w.call(role, { url });
            calls++;
            if (res.statusCode >= 500) leaks.push(`${url} as ${role}: ${res.statusCode}`);
            if (res.statusCode !== 200) continue;
            answered++;
            const text = await bodyText(res);
            const canaryTexts = [
              ...[c.activeA, c.activeB, c.archivedA, c.archivedB].map((x) => x.lastname),
              c.planningA.title,
              c.planningB.title,
              c.guestEmailB,
            ];
            if (canaryTexts.some((canary) => text.includes(canary))) sightings++;
            for (const marker of forbiddenMarkers(w, c, secrets, role, routeKey, url)) {
              if (text.includes(marker.text)) leaks.push(`${routeKey} ${url} as ${role}: ${marker.what}`);
            }
            const json = String(res.headers['content-type']).includes('json') ? res.json() : undefined;
            for (const field of fieldLeaks(w, c, role, routeKey, url, json)) leaks.push(`${url} as ${role}: ${field}`);
          }
        }
      }
    }
    reportFigure(
      'lists, searches, details, export',
      `${getRoutes.length} GET routes, ${calls} calls (${answered} answered 200, ${sightings} showing a canary) ` +
        `by ${roles.length} roles: ` +
        `${leaks.length} persons, fields or secrets shown that the role may not see`,
    );
    expect(leaks).toEqual([]);
  }, 600_000);
});
