import http from 'node:http';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseUrl } from '../../test/test-database';

/**
 * Issue 24 "Nothing unbounded", on PostgreSQL (PGlite runs one statement at a time in-process
 * and cannot interrupt it). A statement that cannot finish is made by holding a lock on the
 * events table from another connection: the public event list then waits for it.
 */
describe.skipIf(!testDatabaseUrl)('statements of requests are bounded (PostgreSQL)', () => {
  let t: TestApp | undefined;
  let locker: pg.Client | undefined;
  afterEach(async () => {
    await locker?.end().catch(() => undefined);
    locker = undefined;
    await t?.close();
    t = undefined;
  });

  async function appWithLockedEvents(statementTimeoutMs: number) {
    const database = await openTestDatabase({}, { statementTimeoutMs });
    t = await createTestApp({ database });
    const close = t.close;
    t.close = async () => {
      await close();
      await database.close();
    };
    const { rows } = await database.raw('select current_database() as name');
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${String(rows[0]!.name)}`;
    locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table events in access exclusive mode');
    return { database, app: t.app };
  }

  it('answers 503 problem+json with Retry-After when a statement runs past the timeout', async () => {
    const { app } = await appWithLockedEvents(300);
    const started = Date.now();
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/event-public',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().errors).toEqual([
      'The request took too long. Please try again in a moment or narrow the selection.',
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('cancels the statement of a request whose client went away', async () => {
    const { database, app } = await appWithLockedEvents(60_000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const waiting = () =>
      database
        .raw(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and state = 'active'`,
        )
        .then(({ rows }) => Number(rows[0]!.n));

    const request = http.get({ host: '127.0.0.1', port, path: '/api/v1/event-public', agent: false });
    request.on('error', () => undefined);
    await expect.poll(waiting, { timeout: 5_000 }).toBeGreaterThan(0);
    request.destroy();
    // Without the cancel it would wait for the lock for a minute.
    await expect.poll(waiting, { timeout: 3_000, interval: 100 }).toBe(0);
  });
});
