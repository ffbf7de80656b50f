import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createEvent, createPerson, createRegistration, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { events } from '../../db/schema/events';
import { createPublicCache } from '../../platform/public-cache';

/**
 * Issue 24 "The public pages under a crowd": the anonymous event list and event page are
 * prepared once and served with ETag and Cache-Control until an event changes, through any
 * instance.
 */
describe('the public event pages, prepared once per change', () => {
  let t: TestApp;
  let second: TestApp;
  let eventId: string;
  let clubId: string;
  beforeAll(async () => {
    t = await createTestApp();
    second = await createTestApp({ database: t.database });
    clubId = (await createClub(t.database.db)).id;
    eventId = (await createEvent(t.database.db, { responsibleClubId: clubId, title: 'Apéro in Bern' })).id;
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const list = (app = t.app, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/v1/event-public?SortBy=eventFrom', headers });
  const titles = (res: { json: () => { items: { title: string }[] } }) => res.json().items.map((e) => e.title);

  it('answers repeats with the same entity tag, and 304 when the browser has it', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(first.headers.etag).toMatch(/^".+"$/);
    expect(titles(first)).toContain('Apéro in Bern');
    const again = await list();
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    const revalidated = await list(t.app, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('sends the compressed copy a browser accepts', async () => {
    const plain = await list();
    const gzipped = await list(t.app, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    const brotli = await list(t.app, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });

  it('shows a change at once, also one written through another instance', async () => {
    const before = await list();
    await second.database.db.update(events).set({ title: 'Apéro in Thun' }).where(eq(events.id, eventId));
    const after = await list();
    expect(titles(after)).toContain('Apéro in Thun');
    expect(after.headers.etag).not.toBe(before.headers.etag);

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/event-public/${eventId}` });
    expect(page.json().title).toBe('Apéro in Thun');
    await createRegistration(t.database.db, { eventId });
    await t.database.db.update(events).set({ registrationSlots: 5 }).where(eq(events.id, eventId));
    const counted = await t.app.inject({ method: 'GET', url: `/api/v1/event-public/${eventId}` });
    expect(counted.json().availableRegistrationSlots).toBe(4);
  });

  it('answers a signed-in visitor her own page, never a shared one', async () => {
    const member = await createPerson(t.database.db, { clubId });
    const as = injectAs(t.app, (await signIn(t.app, member.username, member.password)).token);
    const res = await as({ method: 'GET', url: `/api/v1/event-public/${eventId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control'] ?? '').not.toContain('public');
  });

  it('keeps the refusals as they were', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/event-public/7e0b4b9c-9a53-4f0e-8d43-2b8f4f4c1a11',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });
});

describe('an answer that only aged out', () => {
  it('is sent while the next one is prepared, and the next one after', async () => {
    const t = await createTestApp();
    try {
      const cache = createPublicCache({ db: t.database.db, ttlMs: 50 });
      const app = Fastify();
      let round = 0;
      let release: () => void = () => undefined;
      app.get('/answer', (request, reply) =>
        cache.send(request, reply, async () => {
          round += 1;
          // The second preparation waits until the test lets it finish.
          if (round === 2) await new Promise<void>((resolve) => (release = resolve));
          return { round };
        }),
      );
      const get = async () => (await app.inject({ method: 'GET', url: '/answer' })).json().round as number;
      expect(await get()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 80));
      // Aged out: the first answer at once, while the second is prepared (not waited for).
      expect(await get()).toBe(1);
      expect(await get()).toBe(1);
      expect(round).toBe(2);
      release();
      // The second answer is sent once it is stored: polled, as a loaded machine may take longer
      // than a fixed pause (10 ms failed twice on PostgreSQL beside the long battery).
      let answer = await get();
      for (const deadline = Date.now() + 5_000; answer !== 2 && Date.now() < deadline; answer = await get())
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(answer).toBe(2);
      await app.close();
    } finally {
      await t.close();
    }
  });
});
