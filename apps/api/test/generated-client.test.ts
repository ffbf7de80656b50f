import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiTokenScopes } from '@bpw/domain/schemas/api-token';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCategories, eventCategoryLinks } from '../src/db/schema/events';
import { createClub, createEvent, createPerson, createRegistration, signIn } from './factories';
import { createTestApp, type TestApp } from './test-app';

const run = promisify(execFile);

type Check = (path: string, method: string, status: number, body: unknown) => void;
type GeneratedClient = {
  readModifyWrite: (
    baseUrl: string,
    token: string,
    ids: { personId: string; eventId: string; registrationId: string },
    check: Check,
  ) => Promise<Record<string, unknown>>;
};
const repoRoot = path.resolve(import.meta.dirname, '../../..');

type Document = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
};

/**
 * What an integrator writes (issue 26): a client typed from the served document, used for a
 * read-modify-write of a person, an event and a registration with an API token. Every answer is
 * handed to `check` with the document path, method and status it claims to follow.
 */
const clientSource = `import createClient from 'openapi-fetch';
import type { paths } from './schema';

export type Check = (path: string, method: string, status: number, body: unknown) => void;

export async function readModifyWrite(
  baseUrl: string,
  token: string,
  ids: { personId: string; eventId: string; registrationId: string },
  check: Check,
) {
  const api = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });

  const person = await api.GET('/api/v1/person/{id}', { params: { path: { id: ids.personId } } });
  check('/api/v1/person/{id}', 'get', person.response.status, person.data ?? person.error);
  if (!person.data) throw new Error('no person');
  // The document says what may be missing on reading and is required on writing: the client
  // has to decide, as an integrator would.
  const { birthday } = person.data;
  if (birthday === null) throw new Error('a person without birthday cannot be saved');
  const savedPerson = await api.PUT('/api/v1/person/{id}', {
    params: { path: { id: ids.personId } },
    body: {
      ...person.data,
      birthday,
      isPresentationDone: person.data.isPresentationDone ?? undefined,
      // References are read as objects and written as ids.
      coach1: person.data.coach1?.id ?? null,
      coach2: person.data.coach2?.id ?? null,
      spokenLanguages: person.data.spokenLanguages.map((language) => language.languageCode),
      lastname: 'Per Client',
    },
  });
  check('/api/v1/person/{id}', 'put', savedPerson.response.status, savedPerson.data ?? savedPerson.error);

  type EventBody = paths['/api/v1/event/{id}']['put']['requestBody']['content']['application/json'];
  const eventStates: readonly number[] = [10, 15, 20, 30, 40];
  const isEventState = (state: number): state is EventBody['eventState'] => eventStates.includes(state);
  const languages: readonly string[] = ['de', 'fr', 'it', 'en'];
  const isLanguage = (code: string): code is EventBody['defaultLanguageCode'] & string => languages.includes(code);
  const event = await api.GET('/api/v1/event/{id}', { params: { path: { id: ids.eventId } } });
  check('/api/v1/event/{id}', 'get', event.response.status, event.data ?? event.error);
  if (!event.data) throw new Error('no event');
  const { eventState } = event.data;
  const { defaultLanguageCode } = event.data;
  if (!isEventState(eventState) || !isLanguage(defaultLanguageCode)) throw new Error('unknown event state');
  const savedEvent = await api.PUT('/api/v1/event/{id}', {
    params: { path: { id: ids.eventId } },
    body: {
      ...event.data,
      eventState,
      defaultLanguageCode,
      eventCategoryIds: event.data.eventCategories.map((category) => category.id),
      title: 'Per Client geplant',
    },
  });
  check('/api/v1/event/{id}', 'put', savedEvent.response.status, savedEvent.data ?? savedEvent.error);

  // The list's optional parameters are optional to the typed client too (no SortBy, no filter).
  const list = await api.GET('/api/v1/event/{id}/event-registration', { params: { path: { id: ids.eventId } } });
  check('/api/v1/event/{id}/event-registration', 'get', list.response.status, list.data ?? list.error);
  const registration = list.data?.items.find((r) => r.id === ids.registrationId);
  if (!registration) throw new Error('no registration');
  const { street, zip } = registration;
  if (street === null || zip === null) throw new Error('a registration without address cannot be saved');
  const savedRegistration = await api.PUT('/api/v1/event-registration/{id}', {
    params: { path: { id: ids.registrationId } },
    body: { ...registration, street, zip, city: 'Per Client' },
  });
  check(
    '/api/v1/event-registration/{id}',
    'put',
    savedRegistration.response.status,
    savedRegistration.data ?? savedRegistration.error,
  );
  return {
    lastname: savedPerson.data?.lastname,
    title: savedEvent.data?.title,
    city: savedRegistration.data?.city,
  };
}
`;

/** Types from a document, the client beside them, compiled strictly; the compiler's complaints. */
async function compileClient(document: unknown): Promise<{ dir: string; errors: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-client-'));
  // openapi-fetch resolves from the repository's packages.
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
  fs.writeFileSync(path.join(dir, 'schema.d.ts'), types);
  fs.writeFileSync(path.join(dir, 'client.ts'), clientSource);
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  const args = [
    ...['--noEmit', '--strict'],
    ...['--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--skipLibCheck'],
    path.join(dir, 'client.ts'),
  ];
  try {
    await run(process.execPath, [tsc, ...args], { cwd: dir });
    return { dir, errors: '' };
  } catch (err) {
    return { dir, errors: String((err as { stdout?: string }).stdout ?? err) };
  }
}

/** Checks each answer against the document's response schema for its path, method and status. */
function responseChecker(document: Document) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, 'doc');
  const failures: string[] = [];
  let checked = 0;
  const pointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');
  const check = (apiPath: string, method: string, status: number, body: unknown) => {
    checked++;
    const responses = document.paths[apiPath]?.[method]?.responses ?? {};
    const content = responses[String(status)]?.content ?? {};
    // Answers are JSON, refusals problem+json (RFC 9457).
    const type = ['application/json', 'application/problem+json'].find((t) => content[t]?.schema);
    if (!type) {
      failures.push(`${method} ${apiPath}: status ${status} is not in the document`);
      return;
    }
    const ref = `doc#/paths/${pointer(apiPath)}/${method}/responses/${status}/content/${pointer(type)}/schema`;
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`no schema at ${ref}`);
    if (!validate(body)) failures.push(`${method} ${apiPath} ${status}: ${ajv.errorsText(validate.errors)}`);
    if (status >= 300) failures.push(`${method} ${apiPath} answered ${status}: ${JSON.stringify(body)}`);
  };
  return { check, failures, count: () => checked };
}

describe('a client generated from the served document (issue 26)', () => {
  let t: TestApp;
  let baseUrl: string;
  let document: Document;
  let token: string;
  let ids: { personId: string; eventId: string; registrationId: string };
  const tempDirs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const clubId = (await createClub(db)).id;
    const admin = await createPerson(db, { isAdmin: true });
    const person = await createPerson(db, { clubId, birthday: '1984-03-02' });
    const event = await createEvent(db, { responsibleClubId: clubId });
    const [category] = await db.insert(eventCategories).values({ title: 'Generiert' }).returning();
    await db.insert(eventCategoryLinks).values({ eventId: event.id, eventCategoryId: category!.id });
    const registration = await createRegistration(db, {
      eventId: event.id,
      street: 'Bundesgasse 3',
      zip: '3011',
      city: 'Bern',
    });
    ids = { personId: person.id, eventId: event.id, registrationId: registration.id };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const session = (await signIn(t.app, admin.username, admin.password)).token;
    const created = await fetch(`${baseUrl}/api/v1/api-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Generated client', scopes: apiTokenScopes, expiresInDays: 1 }),
    });
    expect(created.status).toBe(201);
    token = ((await created.json()) as { secret: string }).secret;
    document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as Document;
  });
  afterAll(async () => {
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('compiles strictly and reads, changes and writes back a person, an event and a registration', async () => {
    const { dir, errors } = await compileClient(document);
    tempDirs.push(dir);
    expect(errors).toBe('');
    const client = (await import(path.join(dir, 'client.ts'))) as GeneratedClient;
    const checker = responseChecker(document);
    const result = await client.readModifyWrite(baseUrl, token, ids, checker.check);
    expect(checker.failures).toEqual([]);
    expect(checker.count()).toBe(6);
    expect(result).toEqual({ lastname: 'Per Client', title: 'Per Client geplant', city: 'Per Client' });
  }, 120_000);

  it('fails when the document lies about an answer', async () => {
    const lying = structuredClone(document);
    const schema = lying.paths['/api/v1/person/{id}']!.get!.responses!['200']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>;
    };
    schema.properties.lastname = { type: 'integer' };
    const checker = responseChecker(lying);
    const res = await fetch(`${baseUrl}/api/v1/person/${ids.personId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    checker.check('/api/v1/person/{id}', 'get', res.status, await res.json());
    expect(checker.failures).toHaveLength(1);
    expect(checker.failures[0]).toContain('lastname');
  });

  it('fails to compile when the document lies about a field the client uses', async () => {
    const lying = structuredClone(document);
    const put = (lying.paths['/api/v1/event-registration/{id}'] as Record<string, unknown>).put as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    // A document whose update takes no city: the client's body no longer fits it.
    put.requestBody.content['application/json']!.schema.properties.city = { type: 'integer' };
    const { dir, errors } = await compileClient(lying);
    tempDirs.push(dir);
    expect(errors).toContain('client.ts');
  }, 120_000);
});
