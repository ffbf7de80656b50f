import { randomUUID } from 'node:crypto';
import { queryList, pagingQuery } from '@bpw/domain/schemas/query-params';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setRequired } from '../src/platform/openapi-transform';
import { createPerson, nextIp, signIn } from './factories';
import { createTestApp, type TestApp } from './test-app';

type Parameter = { name: string; in: string; required?: boolean; schema?: { pattern?: string } };
type Operation = { parameters?: Parameter[] };
type Document = { paths: Record<string, Record<string, Operation>> };

/** A value the path parameter accepts: an id, or a key of the calendar feed's length. */
const pathValue = (parameter: Parameter) =>
  parameter.schema?.pattern?.includes('{20,100}') ? 'k'.repeat(43) : randomUUID();

describe('OpenAPI document: required exactly where the API refuses the absence (issue 26)', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createPerson(t.database.db, { isAdmin: true });
    adminToken = (await signIn(t.app, admin.username, admin.password)).token;
  });
  afterAll(() => t.close());

  it('answers every read without a query parameter unless the document requires one', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
    const mismatches: string[] = [];
    let optionalParameters = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      const operation = operations.get;
      const query = (operation?.parameters ?? []).filter((p) => p.in === 'query');
      if (!operation || query.length === 0) continue;
      const required = query.filter((p) => p.required === true).map((p) => p.name);
      optionalParameters += query.length - required.length;
      let url = path;
      for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'path')) {
        url = url.replace(`{${parameter.name}}`, pathValue(parameter));
      }
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${adminToken}`, 'x-forwarded-for': nextIp() },
      });
      // 400 without any query exactly when the document says a parameter must be given.
      if ((res.statusCode === 400) !== required.length > 0) {
        mismatches.push(`GET ${path} (required: ${required.join(', ') || 'none'}): ${res.statusCode} ${res.body}`);
      }
    }
    expect(optionalParameters).toBeGreaterThan(60);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('keeps the filters of the export and the sorting of the club list optional', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
    const requiredOf = (path: string) =>
      (document.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name);
    // The format is the one thing an export cannot do without; every filter is optional.
    expect(requiredOf('/api/v1/export')).toEqual(['OutputFormat']);
    expect(requiredOf('/api/v1/club')).toEqual([]);
    expect(requiredOf('/api/v1/notification/stream')).toEqual(['ticket']);
  });
});

describe('setRequired', () => {
  it('requires a field exactly when its schema refuses undefined, nested objects alike', () => {
    const schema = z.object({
      name: z.string(),
      note: z.string().optional(),
      clubs: queryList(z.uuid()),
      ...pagingQuery(20),
      mandatoryList: z.preprocess((v) => v, z.array(z.string())),
      address: z.object({ street: z.string(), town: z.string().nullish() }),
    });
    const json = z.toJSONSchema(schema, { io: 'input' }) as Parameters<typeof setRequired>[1];
    setRequired(schema, json);
    expect(json.required).toEqual(['name', 'mandatoryList', 'address']);
    expect((json.properties?.address as { required?: string[] }).required).toEqual(['street']);
  });
});
