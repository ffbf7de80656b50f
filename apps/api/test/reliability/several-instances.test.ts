import { EventState } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema/mail-outbox';
import { authRateLimits } from '../../src/platform/auth/rate-limits';
import { type CreatedPerson, createClub, createEvent, createPerson, createRegistration } from '../factories';
import { openStream } from '../sse-stream';
import { testDatabaseUrl } from '../test-database';
import { type ApiProcess, freePort, startApiProcess } from './api-process';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { type TargetDatabase, createTargetDatabase } from './target-database';

/**
 * Issue 20, "several instances": two real API processes on one PostgreSQL, seen only from the
 * outside (HTTP, the Server-Sent Events stream, a real SMTP peer). A notification written through
 * one reaches a stream held by the other (LISTEN/NOTIFY), the outbox sends each mail once, and the
 * per-address rate limit counts the requests of both (its counters are in the database). That a
 * scheduled reminder runs once across instances is shown in-process, where the test can run the
 * jobs at will (test/scheduler/two-instances.test.ts): in these processes the reminders only run
 * on their ten-minute timers. PGlite admits one process: PostgreSQL only.
 */
const MAILS = 8;
/**
 * Optional: a PgBouncer in session mode in front of the same server (e.g.
 * `postgres://postgres@127.0.0.1:6432`); the instances then connect through it, as in the
 * deployment docs/operations.md shows, and the test reads and seeds directly.
 */
const poolerUrl = process.env.TEST_POOLER_URL || undefined;
function throughPooler(databaseUrl: string): string {
  if (!poolerUrl) return databaseUrl;
  const url = new URL(poolerUrl);
  url.pathname = new URL(databaseUrl).pathname;
  return url.toString();
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let clientSequence = 0;
/** A client address of its own for each caller whose rate limit is not under test. */
const nextClientAddress = () => `10.20.${Math.floor(++clientSequence / 256)}.${clientSequence % 256}`;

async function call(
  api: ApiProcess,
  url: string,
  options: { method?: string; body?: object; token?: string; clientAddress?: string } = {},
) {
  const res = await fetch(`${api.baseUrl}/api/v1${url}`, {
    method: options.method ?? 'GET',
    headers: {
      'x-forwarded-for': options.clientAddress ?? nextClientAddress(),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
}

async function signIn(api: ApiProcess, person: CreatedPerson): Promise<string> {
  const res = await call(api, '/auth/authenticate', {
    method: 'POST',
    body: { username: person.username, password: person.password, acceptedTermsAndConditions: true },
  });
  expect(res.status).toBe(200);
  return res.json().token as string;
}

describe.skipIf(!testDatabaseUrl)('several API instances on one PostgreSQL (skipped on PGlite: one process)', () => {
  let target: TargetDatabase;
  let smtp: SmtpSink;
  let a: ApiProcess;
  let b: ApiProcess;
  let world: { admin: CreatedPerson; member: CreatedPerson; eventId: string; eventTitle: string; people: string[] };

  beforeAll(async () => {
    target = await createTargetDatabase('postgresql', 'instances');
    const database = await target.open();
    try {
      await runMigrations(database);
      const { db } = database;
      const club = await createClub(db);
      const admin = await createPerson(db, { isAdmin: true });
      const member = await createPerson(db, { clubId: club.id });
      const event = await createEvent(db, { responsibleClubId: club.id, title: 'Generalversammlung' });
      await createRegistration(db, {
        eventId: event.id,
        personId: member.id,
        eventRegistrationState: RegistrationState.Confirmed,
      });
      const people: string[] = [];
      for (let i = 0; i < MAILS; i++) people.push((await createPerson(db, { clubId: club.id })).username);
      world = { admin, member, eventId: event.id, eventTitle: event.title, people };
    } finally {
      await database.close();
    }
    smtp = await startSmtpSink();
    // The same secret and the same proxy on both, as behind one load balancer (docs/operations.md).
    const env = {
      ...target.env,
      DATABASE_URL: throughPooler(target.databaseUrl!),
      SMTP_URL: smtp.url,
      JWT_SECRET: 'several-instances-secret-several-instances',
      TRUST_PROXY: '127.0.0.1',
    };
    a = startApiProcess({ ...env, PORT: String(await freePort()) });
    b = startApiProcess({ ...env, PORT: String(await freePort()) });
    await Promise.all([a.ready, b.ready]);
  }, 120_000);

  afterAll(async () => {
    for (const api of [a, b]) api?.kill('SIGTERM');
    await Promise.all([a?.exited, b?.exited]);
    await smtp?.close();
    await target?.drop();
  });

  it('brings a notification written through one instance to her stream held by the other', async () => {
    // Signed in and given her ticket by one instance, she opens the stream on the other: the
    // load balancer needs no sticky sessions.
    const memberToken = await signIn(a, world.member);
    const ticket = await call(a, '/notification/stream-ticket', { method: 'POST', token: memberToken });
    expect(ticket.status).toBe(201);
    const stream = await openStream(
      `${b.baseUrl}/api/v1/notification/stream?ticket=${encodeURIComponent(ticket.json().ticket as string)}`,
    );
    try {
      expect(stream.res.status).toBe(200);
      await expect.poll(() => stream.events.some((e) => e.comment === 'connected')).toBe(true);
      // The first stream starts the instance's LISTEN; give it a moment to be active.
      await sleep(1000);

      const adminToken = await signIn(a, world.admin);
      const changed = await call(a, `/event/${world.eventId}/event-state`, {
        method: 'PUT',
        token: adminToken,
        body: { eventState: EventState.Completed },
      });
      expect(changed.status).toBe(200);

      const notices = () => stream.events.filter((e) => e.event === 'notification');
      await expect.poll(() => notices().length, { timeout: 10_000 }).toBe(1);
      const pushed = JSON.parse(notices()[0]!.data!) as { id: string; title: string };
      expect(pushed.title).toBe(`Anlass geändert: ${world.eventTitle}`);
      // The same notification as her list on the instance that wrote it.
      const listed = await call(a, '/notification', { token: memberToken });
      expect((listed.json().items as { id: string }[]).map((n) => n.id)).toContain(pushed.id);
    } finally {
      stream.close();
    }
  });

  it('sends each mail queued through either instance once', async () => {
    const answers = await Promise.all(
      world.people.map((email, i) =>
        call(i % 2 === 0 ? a : b, '/auth/reset-password', { method: 'POST', body: { email } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(world.people.map(() => 204));

    const database = await target.open();
    try {
      const outbox = () => database.db.select({ id: mailOutbox.id, status: mailOutbox.status }).from(mailOutbox);
      // Both workers poll the one outbox; wait until every mail is sent, then a little longer.
      await expect
        .poll(async () => (await outbox()).every((m) => m.status === 'sent') && smtp.messageIds.length, {
          timeout: 20_000,
          interval: 250,
        })
        .toBeGreaterThanOrEqual(MAILS);
      await sleep(3000);
      const mails = await outbox();
      const expected = mails.map((m) => m.id).sort();
      expect(mails.length).toBeGreaterThanOrEqual(MAILS);
      expect(mails.every((m) => m.status === 'sent')).toBe(true);
      // Each exactly once: no mail missing, none sent twice.
      // The Message-ID is the outbox id on the mail domain (issue 27).
      expect(smtp.messageIds.map((id) => /^<([^@>]+)@/.exec(id)?.[1]).sort()).toEqual(expected);
    } finally {
      await database.close();
    }
  });

  it('counts failed sign-ins from one address on both instances together', async () => {
    const clientAddress = '203.0.113.77';
    const { max } = authRateLimits.authenticate;
    const attempt = (api: ApiProcess, i: number) =>
      call(api, '/auth/authenticate', {
        method: 'POST',
        clientAddress,
        body: { username: `nobody-${i}@example.test`, password: 'Wrong-pass-1', acceptedTermsAndConditions: true },
      });
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await attempt(i % 2 === 0 ? a : b, i)).status);
    // The limit of one instance, reached by the two together: the next call is refused on either.
    expect(statuses).toEqual(statuses.map(() => 401));
    expect((await attempt(a, max)).status).toBe(429);
    expect((await attempt(b, max + 1)).status).toBe(429);
    // Another client is not affected.
    const other = await call(b, '/auth/authenticate', {
      method: 'POST',
      body: { username: 'nobody@example.test', password: 'Wrong-pass-1', acceptedTermsAndConditions: true },
    });
    expect(other.status).toBe(401);
  });
});
