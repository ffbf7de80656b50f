import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, injectAs, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerProblemResponses } from './problem-responses';

type Response = { description?: string; content?: Record<string, { schema?: unknown }> };
type Operation = { responses: Record<string, Response> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
};

const problemRef = { $ref: '#/components/schemas/Problem' };

describe('the OpenAPI document names the error answers of every route (issue 22)', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
  const statusesOf = (path: string, method: string) =>
    Object.keys(document.paths[path]![method]!.responses).filter((status) => status.startsWith('4'));

  it('describes the problem once: type, title, status and the messages', () => {
    const problem = document.components.schemas.Problem!;
    expect(problem.required).toEqual(['type', 'title', 'status', 'errors']);
    expect(problem.properties?.errors).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('lists 4xx answers for every route, each as problem+json', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(50);
    for (const { name, operation } of all) {
      const errors = Object.entries(operation.responses).filter(([status]) => status.startsWith('4'));
      expect(errors.length, name).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        expect(response.content, `${name} ${status}`).toEqual({ 'application/problem+json': { schema: problemRef } });
        expect(response.description, `${name} ${status}`).toBeTruthy();
      }
    }
  });

  it('lists the answers a route can give: sign-in, missing objects, conflicts, uploads, limits', () => {
    expect(statusesOf('/api/v1/health', 'get')).toEqual(['400']);
    expect(statusesOf('/api/v1/person', 'get')).toEqual(['400', '401', '403']);
    expect(statusesOf('/api/v1/person/{id}', 'put')).toEqual(['400', '401', '403', '404', '409', '413', '415']);
    expect(statusesOf('/api/v1/person/{id}/avatar', 'post')).toEqual(expect.arrayContaining(['413', '415']));
    expect(statusesOf('/api/v1/auth/authenticate', 'post')).toEqual(expect.arrayContaining(['401', '429']));
  });

  it('still answers every problem as before', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/person' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(anonymous.json()).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      errors: [expect.any(String)],
    });
    const admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    const inject = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    const invalid = await inject({ url: '/api/v1/person?PerPage=-1' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(invalid.json().errors).toEqual([expect.any(String)]);
  });
});

describe('a documented problem answer', () => {
  it('passes through the serializer unchanged, members beyond the shape included', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    registerProblemResponses(app, { prefix: '/api' });
    const problem = { type: 'about:blank', title: 'Conflict', status: 409, errors: ['Taken'], instance: '/x/1' };
    app.put('/api/thing/:id', async (_request, reply) =>
      reply.code(409).type('application/problem+json').send(problem),
    );
    const res = await app.inject({ method: 'PUT', url: '/api/thing/1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(problem);
    await app.close();
  });
});
