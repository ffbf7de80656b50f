import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { startOutboxWorker } from '../apps/api/src/platform/mail/outbox';
import { hashPassword } from '../apps/api/src/platform/passwords';

/**
 * npm run bench:mailing --workspace apps/api [-- --recipients 100000]  (tsx bench/mailing.ts)
 *
 * Issue 18: a mailing to `recipients` members of one club is queued (the send job's one
 * INSERT ... SELECT of the recipients; target under 10 s), then the feeder hands recipients to
 * the outbox for `feed-seconds` while GET person is asked in a loop: its p95 beside the sending
 * against its p95 alone (target: at most +20 %). A fresh database: PGlite in a temporary
 * directory, or with DATABASE_URL a new database beside it, dropped at the end. Prints one JSON line.
 */
const { values } = parseArgs({
  options: {
    recipients: { type: 'string', default: '100000' },
    'feed-seconds': { type: 'string', default: '20' },
  },
});
const recipients = Number(values.recipients);
const feedSeconds = Number(values['feed-seconds']);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-bench-mailing-'));
const serverUrl = process.env.DATABASE_URL || undefined;
const tag = Date.now().toString(36);
let databaseUrl: string | undefined;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database bpw_bench_mailing_${tag}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/bpw_bench_mailing_${tag}`;
  databaseUrl = url.toString();
}
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SECOND_FACTOR_REQUIRED: '0',
  MAILING_RATE_PER_MINUTE: '600',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
await runMigrations(database);
const db = database.db;

// The club, its members with a primary e-mail each, set-based.
const seedStarted = Date.now();
const [club] = (
  (await db.execute(sql`insert into clubs (name, club_type) values ('BPW Bench', 0) returning id`)) as unknown as {
    rows: { id: string }[];
  }
).rows;
for (let from = 0; from < recipients; from += 20_000) {
  const to = Math.min(recipients, from + 20_000) - 1;
  await db.execute(sql`
    with p as (
      insert into persons (firstname, lastname, language_code, primary_club_id)
      select 'Bench', 'Member ' || g, (array['de','fr','it','en'])[1 + g % 4], ${club!.id}::uuid
      from generate_series(${from}::int, ${to}::int) g returning id),
    r as (insert into club_relations (person_id, club_id, type, from_date) select id, ${club!.id}::uuid, 0, '2020-01-01' from p),
    a as (insert into addresses (person_id, label) select id, 'Privat' from p returning id, person_id),
    e as (insert into address_emails (address_id, person_id, value)
      select a.id, a.person_id, 'bench.' || a.person_id || '@example.org' from a returning id, person_id)
    update persons set primary_email_id = e.id from e where persons.id = e.person_id`);
}
const seedSeconds = (Date.now() - seedStarted) / 1000;
const password = 'Bench-Mailing-42';
const [manager] = (
  (await db.execute(
    sql`insert into persons (firstname, lastname) values ('Bench', 'Admin') returning id`,
  )) as unknown as { rows: { id: string }[] }
).rows;
await db.execute(sql`insert into user_accounts (person_id, username, password_hash, is_admin)
  values (${manager!.id}, 'bench-mailing@example.test', ${await hashPassword(password)}, true)`);

// A transport that accepts every mail at once: the figure is ours, not an SMTP server's.
const outbox = startOutboxWorker({
  db,
  transport: { send: async () => undefined, close: () => undefined },
  autoStart: false,
});
const app = await buildApp({ config, database, outbox });
await app.ready();
const signIn = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/authenticate',
  payload: { username: 'bench-mailing@example.test', password, acceptedTermsAndConditions: true },
});
const headers = { authorization: `Bearer ${(signIn.json() as { token: string }).token}` };
const created = await app.inject({
  method: 'POST',
  url: '/api/v1/mailing',
  headers,
  payload: {
    audience: { kind: 'club', clubId: club!.id },
    texts: [{ language: 'de', subject: 'Hallo {firstName}', body: 'Ein **Brief** an {club}.' }],
  },
});
const mailingId = (created.json() as { id: string }).id;
await app.inject({ method: 'POST', url: `/api/v1/mailing/${mailingId}/send`, headers });
const queueStarted = Date.now();
await app.jobs.runOnce();
const queueSeconds = (Date.now() - queueStarted) / 1000;

async function listP95(seconds: number, beside?: () => Promise<unknown>) {
  const times: number[] = [];
  const until = Date.now() + seconds * 1000;
  const side = async () => {
    while (beside && Date.now() < until) {
      await beside();
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const busy = side();
  while (Date.now() < until) {
    const started = performance.now();
    await app.inject({ url: `/api/v1/person?Clubs=${club!.id}&PerPage=20`, headers });
    times.push(performance.now() - started);
  }
  await busy;
  times.sort((a, b) => a - b);
  return { requests: times.length, p95: Math.round(times[Math.floor(times.length * 0.95)]! * 10) / 10 };
}
const alone = await listP95(feedSeconds);
// The feeder's ticks (600 a minute) and the outbox sending them, as in production.
const sending = await listP95(feedSeconds, async () => {
  await app.mailings.runOnce();
  await outbox.runOnce();
});
const progress = (await app.inject({ url: `/api/v1/mailing/${mailingId}/progress`, headers })).json();
await app.close();
await outbox.stop();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database bpw_bench_mailing_${tag} with (force)`);
  await admin.end();
}
console.log(
  JSON.stringify({
    database: databaseUrl ? 'postgresql' : 'pglite',
    recipients,
    seedSeconds,
    queueSeconds,
    listAlone: alone,
    listWhileSending: sending,
    p95Change: Math.round((sending.p95 / alone.p95 - 1) * 1000) / 10,
    handed: progress.counts,
  }),
);
