import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/platform/passwords';
import { runLoad } from './lib/load';
import type { Summary } from './lib/percentiles';
import { benchQueries, queryString } from './lib/queries';
import { serverStats, startServer } from './lib/server-process';

/**
 * npm run bench:mailing --workspace apps/api [-- --recipients 100000 --rounds 3 --duration 10
 *   --connections 32 --rate 600]   (also `npm run bench -- --only mailing`, which checks the targets)
 *
 * Issue 18: "a mailing to 100,000 recipients is queued in under 10 s and does not raise the
 * person list's p95 by more than 20 % while it sends." A fresh database (PGlite in a temporary
 * directory, or with DATABASE_URL a new database created beside it and dropped at the end) with
 * one club of `recipients` members, each with a primary e-mail. The API runs in its own process
 * (bench/server.ts, as `npm run bench` starts it) with its job runner and mailing feeder on their
 * timers, as main.ts starts them, at MAILING_RATE_PER_MINUTE `rate`; its mail transport writes
 * .eml files. The person list is loaded as `npm run bench` loads it (page 1 of the current members
 * by name, 10 a page; autocannon, `connections`, `duration` s): once alone, then each round sends
 * a mailing to the club and takes the time from the send request to all its recipient rows
 * queued (the send job's one INSERT ... SELECT; GET mailing every 25 ms until it is `sending`),
 * loads the list while the feeder hands recipients to the outbox and the outbox sends them,
 * cancels the mailing and loads the list alone again. A round's change is its p95 while sending
 * against the mean of the p95s alone just before and after (the machine's load drifts). Then one
 * more mailing sends for 5 s, the API stops, and the feeder's statements are EXPLAINed on the
 * data as it left them. Prints each round, the plans, and one JSON line with the medians.
 */
const { values } = parseArgs({
  options: {
    recipients: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    rate: { type: 'string', default: '600' },
    port: { type: 'string', default: '4192' },
  },
});
const recipients = Number(values.recipients);
const rounds = Number(values.rounds);
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const rate = Number(values.rate);
const loadAverageAtStart = os.loadavg();
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
const openBenchDatabase = () =>
  // The seed's statements and the EXPLAINs run without the app's statement timeout.
  openDatabase(databaseUrl ? { databaseUrl, statementTimeoutMs: 0 } : { dataDir });
const admin = { username: `bench-mailing-${tag}@example.ch`, password: 'Bench-Passw0rd!' };
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;
const log = (line: string) => console.log(`  ${line}`);

try {
  // 1. The club, its members with a primary e-mail each, set-based; then the API's own process
  // (PGlite allows one process at a time, so the seed's connection is closed first).
  const seedStarted = performance.now();
  let clubId: string;
  {
    const database = await openBenchDatabase();
    await runMigrations(database);
    const [club] = (await database.raw(`insert into clubs (name, club_type) values ('BPW Bench', 0) returning id`))
      .rows as { id: string }[];
    clubId = club!.id;
    // One statement a batch, the ids made up front: a person names her e-mail before it exists
    // (PostgreSQL checks the foreign keys at the statement's end), which spares an UPDATE of every
    // person afterwards. Her e-mail sort key, which this benchmark does not sort by, stays empty.
    for (let from = 0; from < recipients; from += 20_000) {
      const to = Math.min(recipients, from + 20_000) - 1;
      await database.raw(
        `with ids as (select n, md5('p' || n)::uuid as person_id, md5('a' || n)::uuid as address_id,
            md5('e' || n)::uuid as email_id from generate_series($2::int, $3::int) n),
        p as (insert into persons (id, firstname, lastname, language_code, primary_club_id, primary_email_id)
          select person_id, 'Bench', 'Member ' || n, (array['de','fr','it','en'])[1 + n % 4], $1::uuid, email_id from ids),
        a as (insert into addresses (id, person_id, label) select address_id, person_id, 'Privat' from ids)
        insert into address_emails (id, address_id, person_id, value)
        select email_id, address_id, person_id, 'bench.' || n || '@example.org' from ids`,
        [clubId, from, to],
      );
      // Its own statement: the relation's trigger copies the person's name, which must be there.
      await database.raw(
        `insert into club_relations (person_id, club_id, type, from_date)
         select md5('p' || n)::uuid, $1::uuid, 0, '2020-01-01' from generate_series($2::int, $3::int) n`,
        [clubId, from, to],
      );
    }
    const [manager] = (
      await database.raw(`insert into persons (firstname, lastname) values ('Bench', 'Admin') returning id`)
    ).rows as { id: string }[];
    await database.raw(
      `insert into user_accounts (person_id, username, password_hash, is_admin) values ($1, $2, $3, true)`,
      [manager!.id, admin.username, await hashPassword(admin.password)],
    );
    await database.raw('vacuum analyze');
    await database.close();
  }
  const seedSeconds = round1((performance.now() - seedStarted) / 1000);
  console.log(`${recipients} members seeded in ${seedSeconds} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);

  type Round = {
    queueSeconds: number;
    queued: number;
    listAloneBefore: Summary;
    listWhileSending: Summary;
    listAloneAfter: Summary;
    p95Change: number;
    eventLoopP99Alone: number;
    eventLoopP99WhileSending: number;
    handedWhileSending: number;
  };
  const results: Round[] = [];
  const server = await startServer({
    databaseUrl,
    port: Number(values.port),
    dataDir,
    env: { BENCH_BACKGROUND: '1', MAILING_RATE_PER_MINUTE: String(rate) },
  });
  try {
    const signIn = await fetch(`${server.baseUrl}/api/v1/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...admin, acceptedTermsAndConditions: true }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const auth = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
    const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${server.baseUrl}/api/v1${url}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    type Progress = { state: string; total: number | null; counts: Record<string, number> };
    const handedSoFar = (p: Progress) => p.counts.handed! + p.counts.sent! + p.counts.failed!;

    // The request of `npm run bench`'s "person list, page 1".
    const listPath = `/api/v1/person?${queryString(benchQueries().list)}`;
    const listLoad = (seconds = durationSeconds) =>
      runLoad({
        baseUrl: server.baseUrl,
        connections,
        durationSeconds: seconds,
        next: () => ({ path: listPath, headers: auth }),
      });
    const measured = async (run: () => Promise<Summary & { statusCodes: Record<string, number> }>) => {
      await serverStats(server.baseUrl, true);
      const summary = await run();
      if (summary.errors) throw new Error(`list load: ${JSON.stringify(summary.statusCodes)}`);
      const { statusCodes: _, ...rest } = summary;
      return { summary: rest, eventLoopP99: (await serverStats(server.baseUrl)).eventLoopDelay.p99 };
    };
    await listLoad(3); // warm-up: the first scenario is not the JIT's

    // A newsletter of a few pages (about 10 KB of markdown) in each of the four languages, as a
    // real mailing is: its rendering is part of the sending's cost.
    const sentence = (n: number) =>
      `Liebe {firstName}, ein **Brief** an {club} mit einem [Link](https://example.org/news/${n}) ` +
      'und etwas mehr Text über das, was im Verband geschieht. ';
    const section = (n: number) =>
      `## ${n}. Aus dem Verband\n\n${sentence(n).repeat(3)}\n\n` +
      `- Termin am ${n}. März\n- Anmeldung bis Ende Monat\n- _Gäste willkommen_\n`;
    const body = Array.from({ length: 20 }, (_, i) => section(i + 1)).join('\n');
    const texts = (['de', 'fr', 'it', 'en'] as const).map((language) => ({
      language,
      subject: `Hallo {firstName} (${language})`,
      body: `{salutation}\n\n${body}\n\nHerzliche Grüsse`,
    }));
    // Each sending phase beside the list alone just before and just after it (the mean of the
    // two p95s): on a shared machine the load drifts, and this cancels a drift between phases.
    const sendMailing = async () => {
      const mailing = await call<{ id: string }>('POST', '/mailing', { audience: { kind: 'club', clubId }, texts });
      const queueStarted = performance.now();
      await call('POST', `/mailing/${mailing.id}/send`);
      for (;;) {
        const { state } = await call<{ state: string }>('GET', `/mailing/${mailing.id}`);
        if (state !== 'queued' && state !== 'draft') break;
        if (performance.now() - queueStarted > 600_000) throw new Error('not queued within 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return { id: mailing.id, queueSeconds: Math.round(performance.now() - queueStarted) / 1000 };
    };
    let alone = await measured(() => listLoad());
    for (let round = 1; round <= rounds; round++) {
      const mailing = await sendMailing();
      const before = await call<Progress>('GET', `/mailing/${mailing.id}/progress`);
      const sending = await measured(() => listLoad());
      const after = await call<Progress>('GET', `/mailing/${mailing.id}/progress`);
      await call('POST', `/mailing/${mailing.id}/cancel`);
      const aloneAfter = await measured(() => listLoad());
      const aloneP95 = (alone.summary.p95 + aloneAfter.summary.p95) / 2;
      const result: Round = {
        queueSeconds: mailing.queueSeconds,
        queued: before.total ?? 0,
        listAloneBefore: alone.summary,
        listWhileSending: sending.summary,
        listAloneAfter: aloneAfter.summary,
        p95Change: round1((sending.summary.p95 / aloneP95 - 1) * 100),
        eventLoopP99Alone: Math.max(alone.eventLoopP99, aloneAfter.eventLoopP99),
        eventLoopP99WhileSending: sending.eventLoopP99,
        handedWhileSending: handedSoFar(after) - handedSoFar(before),
      };
      results.push(result);
      log(
        `round ${round}: ${result.queued} queued in ${mailing.queueSeconds} s; list p95 ${alone.summary.p95} ms ` +
          `alone before, ${sending.summary.p95} ms while sending (${result.handedWhileSending} handed meanwhile), ` +
          `${aloneAfter.summary.p95} ms alone after; req/s ${alone.summary.rps}, ${sending.summary.rps}, ` +
          `${aloneAfter.summary.rps}: ${result.p95Change >= 0 ? '+' : ''}${result.p95Change} %`,
      );
      alone = aloneAfter;
    }
    // One more mailing left sending for a few seconds, for the EXPLAINs below (queued rows, and
    // rows handed in the last minute, as the feeder sees them while it sends).
    await sendMailing();
    await new Promise((resolve) => setTimeout(resolve, 5000));
  } finally {
    await server.stop();
  }

  // 2. How the feeder's statements run on this data (its tick, every second on every instance).
  const plans: Record<string, string[]> = {};
  {
    const database = await openBenchDatabase();
    const explain = async (name: string, statement: string) => {
      const rows = (await database.raw(`explain (analyze, costs off, timing off, summary on) ${statement}`)).rows;
      plans[name] = rows.map((r) => String(Object.values(r)[0]));
    };
    const [mailing] = (await database.raw(`select id from mailings where state = 'sending'`)).rows as {
      id: string;
    }[];
    await explain(
      'rate check',
      `select count(*) as n from (select 1 from mailing_recipients where handed_at > now() - interval '1 minute'
       order by handed_at desc limit ${rate}) recent`,
    );
    await explain(
      'next recipients',
      `select id from mailing_recipients where mailing_id = '${mailing!.id}' and state = 'queued' order by id limit 10`,
    );
    await explain(
      'sync sent',
      `select r.id from mailing_recipients r join mail_outbox o on o.id = r.outbox_id
       where r.mailing_id in (select id from mailings where state = 'sending'
         or (state = 'cancelled' and finished_at > now() - interval '1 day'))
         and r.state = 'handed' and o.status in ('sent', 'failed')`,
    );
    await database.close();
  }
  for (const [name, lines] of Object.entries(plans)) console.log(`${name}:\n    ${lines.join('\n    ')}`);

  console.log(
    JSON.stringify({
      database: databaseUrl ? 'postgresql' : 'pglite',
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        loadAverageAtStart: loadAverageAtStart.map((n) => Math.round(n * 100) / 100),
        loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
      },
      recipients,
      ratePerMinute: rate,
      connections,
      durationSeconds,
      seedSeconds,
      queueSeconds: median(results.map((r) => r.queueSeconds)),
      listAloneP95: median(results.map((r) => (r.listAloneBefore.p95 + r.listAloneAfter.p95) / 2)),
      listWhileSendingP95: median(results.map((r) => r.listWhileSending.p95)),
      p95Change: median(results.map((r) => r.p95Change)),
      rateCheckPlan: plans['rate check']?.find((l) => /Index|Seq Scan/.test(l))?.trim(),
      rounds: results,
    }),
  );
} finally {
  // Also when a step failed: no database or directory is left behind.
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) {
    const adminClient = new pg.Client({ connectionString: serverUrl });
    await adminClient.connect();
    await adminClient.query(`drop database bpw_bench_mailing_${tag} with (force)`);
    await adminClient.end();
  }
}
