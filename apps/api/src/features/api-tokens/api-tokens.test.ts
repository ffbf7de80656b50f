import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createPerson,
  injectAs,
  nextIp,
  signIn,
  uniqueSuffix,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { apiTokens } from '../../db/schema/api-tokens';
import { auditEntries } from '../../db/schema/audit-log';
import { persons } from '../../db/schema/persons';
import { API_TOKEN_RATE_LIMIT } from '../../platform/auth/api-token-auth';

const renamed = { lastname: 'Umbenannt', firstname: 'Per Token', birthday: '1980-01-02', languageCode: 'de' };

type Created = { token: { id: string; hint: string; lastUsedAt: string | null }; secret: string };

describe('API tokens (issue 26)', () => {
  let t: TestApp;
  let clock = new Date('2026-06-01T08:00:00Z');
  let clubA: string;
  let clubB: string;
  let manager: CreatedPerson;
  let admin: CreatedPerson;
  let member: CreatedPerson;
  const session = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const withToken = (secret: string, options: { method?: string; url: string; payload?: object }) =>
    t.app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: options.url,
      headers: { authorization: `Bearer ${secret}`, 'x-forwarded-for': nextIp() },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const create = async (person: CreatedPerson, url: string, scopes: string[], expiresInDays = 30): Promise<Created> => {
    const res = await (
      await session(person)
    )({
      method: 'POST',
      url,
      payload: { name: `Skript ${uniqueSuffix()}`, scopes, expiresInDays },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Created;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    const db = t.database.db;
    clubA = (await createClub(db)).id;
    clubB = (await createClub(db)).id;
    manager = await createPerson(db, { clubId: clubA, type: 'database' });
    admin = await createPerson(db, { isAdmin: true });
    member = await createPerson(db, { clubId: clubA });
  });
  afterAll(() => t.close());

  it('shows a personal token once, stores only its SHA-256, and lists it without the secret', async () => {
    const created = await create(manager, '/api/v1/api-token', ['persons:read']);
    expect(created.secret).toMatch(/^bpw_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.token.hint).toBe(created.secret.slice(0, 12));
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(8));
    const list = await (await session(manager))({ url: '/api/v1/api-token' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret.slice(8));
    expect((list.json() as { items: { id: string }[] }).items.map((i) => i.id)).toContain(created.token.id);
  });

  it('refuses an expiry beyond one year and an unknown scope', async () => {
    const call = await session(member);
    const tooLong = await call({
      method: 'POST',
      url: '/api/v1/api-token',
      payload: { name: 'Lang', scopes: ['persons:read'], expiresInDays: 366 },
    });
    expect(tooLong.statusCode).toBe(400);
    const unknown = await call({
      method: 'POST',
      url: '/api/v1/api-token',
      payload: { name: 'Fremd', scopes: ['admin:all'], expiresInDays: 30 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("acts with the person's rights, narrowed by the token's scopes", async () => {
    const { secret } = await create(manager, '/api/v1/api-token', ['persons:read']);
    const writer = await create(manager, '/api/v1/api-token', ['persons:write']);
    const memberOfB = await createPerson(t.database.db, { clubId: clubB });
    expect((await withToken(secret, { url: `/api/v1/person/${member.id}` })).statusCode).toBe(200);
    // The scope: no writing with a read token.
    const write = await withToken(secret, { method: 'PUT', url: `/api/v1/person/${member.id}`, payload: renamed });
    expect(write.statusCode).toBe(403);
    expect(write.headers['content-type']).toContain('application/problem+json');
    // Her rights: a member of her club she may change, one of another club not.
    const own = await withToken(writer.secret, { method: 'PUT', url: `/api/v1/person/${member.id}`, payload: renamed });
    expect(own.statusCode, own.body).toBe(200);
    const other = await withToken(writer.secret, {
      method: 'PUT',
      url: `/api/v1/person/${memberOfB.id}`,
      payload: renamed,
    });
    expect(other.statusCode).toBe(403);
    // Routes without a scope refuse every token: the tokens themselves, passwords, events here.
    for (const [method, url] of [
      ['GET', '/api/v1/api-token'],
      ['GET', '/api/v1/auth/sessions'],
      ['GET', '/api/v1/auth/second-factors'],
      ['GET', '/api/v1/notification'],
    ] as const) {
      const res = await withToken(secret, { method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const password = await withToken(secret, {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { userId: manager.id, password: 'Neues-Passwort-1' },
    });
    expect(password.statusCode).toBe(403);
  });

  it('stops at once when revoked, when expired, and when the person is archived (401 problem+json)', async () => {
    const person = await createPerson(t.database.db, { clubId: clubA });
    const revoked = await create(person, '/api/v1/api-token', ['persons:read']);
    const expiring = await create(person, '/api/v1/api-token', ['persons:read'], 1);
    const archived = await create(person, '/api/v1/api-token', ['persons:read']);
    const url = `/api/v1/person/${person.id}`;
    expect((await withToken(revoked.secret, { url })).statusCode).toBe(200);

    const revoke = await (await session(person))({ method: 'DELETE', url: `/api/v1/api-token/${revoked.token.id}` });
    expect(revoke.statusCode).toBe(200);
    expect((revoke.json() as { revokedAt: string | null }).revokedAt).not.toBeNull();
    const afterRevoke = await withToken(revoked.secret, { url });
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.headers['content-type']).toContain('application/problem+json');

    clock = new Date(clock.getTime() + 86_400_000 + 1000);
    expect((await withToken(expiring.secret, { url })).statusCode).toBe(401);
    expect((await withToken(archived.secret, { url })).statusCode).toBe(200);
    await t.database.db.update(persons).set({ state: 90 }).where(eq(persons.id, person.id));
    expect((await withToken(archived.secret, { url })).statusCode).toBe(401);
    expect((await withToken('bpw_pat_unknown', { url })).statusCode).toBe(401);
  });

  it("gives a club's service token that club's database managers' rights only", async () => {
    expect(
      (
        await (
          await session(member)
        )({
          method: 'POST',
          url: `/api/v1/club/${clubA}/api-token`,
          payload: { name: 'Nein', scopes: ['persons:read'], expiresInDays: 30 },
        })
      ).statusCode,
    ).toBe(403);
    const { secret } = await create(manager, `/api/v1/club/${clubA}/api-token`, ['persons:read', 'persons:write']);
    expect(secret).toMatch(/^bpw_svc_/);
    const memberOfB = await createPerson(t.database.db, { clubId: clubB });
    const put = (id: string) => withToken(secret, { method: 'PUT', url: `/api/v1/person/${id}`, payload: renamed });
    expect((await put(member.id)).statusCode).toBe(200);
    expect((await put(memberOfB.id)).statusCode).toBe(403);
    // Nothing only admins may (archiving), and no "her own" person: the token is nobody.
    const archive = await withToken(secret, {
      method: 'PUT',
      url: `/api/v1/person/${member.id}/state`,
      payload: { state: 90 },
    });
    expect(archive.statusCode).toBe(403);
    const list = await (await session(manager))({ url: `/api/v1/club/${clubA}/api-token` });
    expect((list.json() as { total: number }).total).toBe(1);
    expect((await (await session(manager))({ url: `/api/v1/club/${clubB}/api-token` })).statusCode).toBe(403);
  });

  it("gives the association's token an admin's rights; only admins manage it", async () => {
    expect((await (await session(manager))({ url: '/api/v1/association/api-token' })).statusCode).toBe(403);
    const { secret } = await create(admin, '/api/v1/association/api-token', ['persons:write']);
    const memberOfB = await createPerson(t.database.db, { clubId: clubB });
    const put = await withToken(secret, { method: 'PUT', url: `/api/v1/person/${memberOfB.id}`, payload: renamed });
    expect(put.statusCode).toBe(200);
  });

  it('shows the last use, written at most once a minute', async () => {
    const { token, secret } = await create(member, '/api/v1/api-token', ['persons:read']);
    expect(token.lastUsedAt).toBeNull();
    const lastUse = async () =>
      (await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id)))[0]!.lastUsedAt?.toISOString();
    await withToken(secret, { url: `/api/v1/person/${member.id}` });
    const first = await lastUse();
    expect(first).toBe(clock.toISOString());
    clock = new Date(clock.getTime() + 30_000);
    await withToken(secret, { url: `/api/v1/person/${member.id}` });
    expect(await lastUse()).toBe(first);
    clock = new Date(clock.getTime() + 31_000);
    await withToken(secret, { url: `/api/v1/person/${member.id}` });
    expect(await lastUse()).toBe(clock.toISOString());
  });

  it("puts every writing request made with a token in the audit trail, with the token's name", async () => {
    const created = await create(manager, '/api/v1/api-token', ['persons:write']);
    const res = await withToken(created.secret, {
      method: 'PUT',
      url: `/api/v1/person/${member.id}`,
      payload: renamed,
    });
    expect(res.statusCode).toBeLessThan(500);
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'apiToken'), eq(auditEntries.entityId, created.token.id)));
    const request = entries.find((e) => e.action === 'apiTokenRequest');
    expect(request?.details).toMatchObject({
      tokenName: expect.stringMatching(/^Skript /) as unknown,
      method: 'PUT',
      route: '/api/v1/person/:id',
      statusCode: res.statusCode,
    });
    expect(request?.actorPersonId).toBe(manager.id);
  });

  it('limits the requests per token and minute (429 problem+json with Retry-After)', async () => {
    const { secret } = await create(member, '/api/v1/api-token', ['persons:read']);
    const other = await create(member, '/api/v1/api-token', ['persons:read']);
    const url = `/api/v1/person/${member.id}`;
    let last = await withToken(secret, { url });
    expect(last.headers['x-ratelimit-limit']).toBe(String(API_TOKEN_RATE_LIMIT.max));
    for (let i = 1; i <= API_TOKEN_RATE_LIMIT.max; i++) last = await withToken(secret, { url });
    expect(last.statusCode).toBe(429);
    expect(last.headers['content-type']).toContain('application/problem+json');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Per token: another token of hers is not counted with it.
    expect((await withToken(other.secret, { url })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 61_000);
    expect((await withToken(secret, { url })).statusCode).toBe(200);
  }, 60_000);
});
