import { NotificationType } from '@bpw/domain/enums/notification';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openStream } from '../../../test/sse-stream';
import { testDatabaseUrl } from '../../../test/test-database';
import { persons } from '../../db/schema/persons';
import { NOTIFICATION_CHANNEL, createRealtime } from '../../platform/realtime/realtime';
import { streamTiming } from './notification-stream';
import { withNotifications } from './notify.service';

describe('GET notification/stream: live notifications (Server-Sent Events)', () => {
  let t: TestApp;
  let base: string;
  let clock = Date.now();
  const streams: { close: () => void }[] = [];
  const ticketFor = async (person: CreatedPerson) => {
    const token = (await signIn(t.app, person.username, person.password)).token;
    const res = await injectAs(t.app, token)({ method: 'POST', url: '/api/v1/notification/stream-ticket' });
    expect(res.statusCode).toBe(201);
    return res.json().ticket as string;
  };
  const open = async (ticket: string) => {
    const stream = await openStream(`${base}/api/v1/notification/stream?ticket=${encodeURIComponent(ticket)}`);
    streams.push(stream);
    return stream;
  };
  /** Another instance (or a scheduler) writes a notification in its own transaction. */
  const notifyFromElsewhere = async (personId: string, event: string) => {
    const realtime = createRealtime({ pool: t.database.pool, scope: t.database.db });
    try {
      return await withNotifications({ db: t.database.db, outbox: t.outbox, realtime }, (_tx, notify) =>
        notify.persons({
          personIds: [personId],
          type: NotificationType.BookedEventUpdated,
          text: { params: { event } },
        }),
      );
    } finally {
      await new Promise((r) => setTimeout(r, 50));
      await realtime.close();
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
    streamTiming.heartbeatMs = 25_000;
    streamTiming.sessionCheckMs = 3_000;
  });
  afterAll(() => t.close());

  it('pushes a new notification of hers at once, and nobody else’s', async () => {
    const person = await createPerson(t.database.db);
    const other = await createPerson(t.database.db);
    const stream = await open(await ticketFor(person));
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await expect.poll(() => stream.events.some((e) => e.comment === 'connected')).toBe(true);

    await notifyFromElsewhere(other.id, 'Nicht für dich');
    const delivery = await notifyFromElsewhere(person.id, 'Generalversammlung');
    await expect.poll(() => stream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    const pushed = stream.events.find((e) => e.event === 'notification')!;
    expect(pushed.id).toBe(delivery.notifications[0]!.notificationId);
    const token = (await signIn(t.app, person.username, person.password)).token;
    const listed = await injectAs(t.app, token)({ url: '/api/v1/notification' });
    expect(JSON.parse(pushed.data!)).toEqual(listed.json().items[0]);
    expect(JSON.parse(pushed.data!).title).toBe('Anlass geändert: Generalversammlung');
  });

  it('sends heartbeat comments and ends when her session is no longer valid', async () => {
    streamTiming.heartbeatMs = 50;
    streamTiming.sessionCheckMs = 100;
    const person = await createPerson(t.database.db);
    const stream = await open(await ticketFor(person));
    await expect.poll(() => stream.events.filter((e) => e.comment === 'heartbeat').length).toBeGreaterThan(1);
    expect(stream.isEnded()).toBe(false);
    await t.database.db.update(persons).set({ state: 90 }).where(eq(persons.id, person.id));
    await expect.poll(() => stream.isEnded()).toBe(true);
  });

  it('ends within seconds when its sign-in ends: logout, or a new password set by an admin (issue 15)', async () => {
    // The default period: the stream must end within a few seconds without any tuning.
    const person = await createPerson(t.database.db);
    const tokens = await signIn(t.app, person.username, person.password);
    const ticketOf = async (token: string) =>
      (await injectAs(t.app, token)({ method: 'POST', url: '/api/v1/notification/stream-ticket' })).json()
        .ticket as string;
    const stream = await open(await ticketOf(tokens.token));
    await expect.poll(() => stream.events.some((e) => e.comment === 'connected')).toBe(true);
    const other = await signIn(t.app, person.username, person.password);
    const otherStream = await open(await ticketOf(other.token));
    await expect.poll(() => otherStream.events.length).toBeGreaterThan(0);

    const loggedOut = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { userId: person.id, refreshToken: tokens.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    await expect.poll(() => stream.isEnded(), { timeout: 6_000, interval: 100 }).toBe(true);
    expect(Date.now() - loggedOut).toBeLessThan(6_000);
    // The other sign-in's stream goes on ...
    expect(otherStream.isEnded()).toBe(false);
    // ... and gets nothing more after an admin sets a new password (all her sign-ins end).
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const adminToken = (await signIn(t.app, admin.username, admin.password)).token;
    const changed = await injectAs(
      t.app,
      adminToken,
    )({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { userId: person.id, password: 'Ein-ganz-neues-Passwort-42!' },
    });
    expect(changed.statusCode).toBe(204);
    await notifyFromElsewhere(person.id, 'Nach dem Passwortwechsel');
    await expect.poll(() => otherStream.isEnded(), { timeout: 6_000, interval: 100 }).toBe(true);
    expect(otherStream.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it('opens only with a valid, unused, unexpired ticket', async () => {
    const person = await createPerson(t.database.db);
    const ticket = await ticketFor(person);
    const first = await open(ticket);
    expect(first.res.status).toBe(200);
    const reused = await open(ticket);
    expect(reused.res.status).toBe(401);
    expect(reused.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await reused.res.json()) as { errors: string[] }).errors).toEqual([
      'Die Verbindung für Live-Benachrichtigungen ist abgelaufen. Bitte laden Sie die Seite neu.',
    ]);
    expect((await open('not-a-ticket')).res.status).toBe(401);
    // An access token is no ticket.
    const accessToken = (await signIn(t.app, person.username, person.password)).token;
    expect((await open(accessToken)).res.status).toBe(401);
    expect((await openStream(`${base}/api/v1/notification/stream`)).res.status).toBe(400);

    const late = await ticketFor(person);
    clock += 61_000;
    expect((await open(late)).res.status).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/notification/stream-ticket' })).statusCode).toBe(401);
  });

  it.runIf(testDatabaseUrl !== undefined)('fans out across instances with LISTEN/NOTIFY on PostgreSQL', async () => {
    const person = await createPerson(t.database.db);
    const stream = await open(await ticketFor(person));
    await expect.poll(() => stream.events.length).toBeGreaterThan(0);
    // Another instance: its own pool on the same database, nothing shared in process.
    const pool = new pg.Pool({
      connectionString: (t.database.pool!.options as { connectionString: string }).connectionString,
    });
    try {
      const other = createRealtime({ pool });
      expect(other.kind).toBe('postgres');
      const delivery = await withNotifications(
        { db: t.database.db, outbox: t.outbox, realtime: other },
        (_tx, notify) =>
          notify.persons({
            personIds: [person.id],
            type: NotificationType.BookedEventsReminder,
            text: { params: { event: 'GV', date: '1.6.' } },
          }),
      );
      await expect
        .poll(() => stream.events.filter((e) => e.event === 'notification').map((e) => e.id))
        .toEqual([delivery.notifications[0]!.notificationId]);
      // Payloads carry ids only; a foreign payload on the channel is ignored.
      await pool.query('SELECT pg_notify($1, $2)', [NOTIFICATION_CHANNEL, 'garbage']);
      await other.close();
    } finally {
      await pool.end();
    }
  });
});

describe('closing the app', () => {
  it('ends the open streams instead of waiting for them', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const person = await createPerson(t.database.db);
    const token = (await signIn(t.app, person.username, person.password)).token;
    const { ticket } = (
      await injectAs(t.app, token)({ method: 'POST', url: '/api/v1/notification/stream-ticket' })
    ).json();
    const stream = await openStream(`${base}/api/v1/notification/stream?ticket=${ticket}`);
    await expect.poll(() => stream.events.length).toBeGreaterThan(0);
    await t.close();
    await expect.poll(() => stream.isEnded()).toBe(true);
  });
});
