import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { createMailTransport } from '../apps/api/src/platform/mail/mail-transport';
import { startOutboxWorker } from '../apps/api/src/platform/mail/outbox';
import { hashPassword } from '../apps/api/src/platform/passwords';
import { importCsv } from './lib/import-file';

/**
 * npm run bench:import --workspace apps/api [-- --rows 10000] [--batch 100]
 *
 * The import alone (issue 16), without the million-person seed: a fresh database (PGlite in a
 * temporary directory, or the PostgreSQL of DATABASE_URL, which should be empty), one
 * administrator and one club, then a CSV of `rows` new persons with a membership uploaded and
 * run as a job, in this process, `batch` rows at most per transaction (1: a row per transaction).
 * Prints rows per second, peak memory growth, the worst event-loop pause and the load average
 * (docs/decisions/import.md).
 */
const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, batch: { type: 'string', default: '100' } },
});
const rows = Number(values.rows);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-bench-import-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  // The benchmark's administrator signs in with a password only.
  SECOND_FACTOR_REQUIRED: '0',
  IMPORT_BATCH_ROWS: values.batch,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
await runMigrations(database);
const outbox = startOutboxWorker({
  db: database.db,
  transport: createMailTransport({ dataDir, from: config.mailFrom, smtpUrl: undefined }),
  autoStart: false,
});
const app = await buildApp({ config, database, outbox });
try {
  const tag = Date.now().toString(36);
  const [club] = (
    await database.raw(`insert into clubs (name, club_type) values ($1, 0) returning id, name`, [`Bench Import ${tag}`])
  ).rows as { name: string }[];
  const [person] = (await database.raw(`insert into persons (lastname) values ('Bench Admin') returning id`)).rows as {
    id: string;
  }[];
  const username = `bench-import-${tag}@example.ch`;
  const password = 'Bench-Passw0rd!';
  await database.raw(
    `insert into user_accounts (person_id, username, password_hash, is_admin) values ($1, $2, $3, true)`,
    [person!.id, username, await hashPassword(password)],
  );
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    payload: { username, password, acceptedTermsAndConditions: true },
  });
  const { token } = signIn.json<{ token: string }>();
  const file = importCsv({ rows, tag, clubName: club!.name });
  const body = new FormData();
  body.append('File', new Blob([new Uint8Array(file)]), 'bench.csv');
  const encoded = new Response(body);
  const headers = { authorization: `Bearer ${token}` };
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const upload = uploaded.json<{ id: string; mapping: Record<string, string> }>();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let worstPause = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    worstPause = Math.max(worstPause, now - last - 20);
    last = now;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const run = await app.inject({
    method: 'POST',
    url: `/api/v1/imports/${upload.id}/run`,
    headers,
    payload: { mapping: upload.mapping },
  });
  if (run.statusCode !== 202) throw new Error(`run: ${run.statusCode} ${run.body}`);
  await app.jobs.runOnce();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const job = (await app.inject({ url: `/api/v1/jobs/${run.json<{ jobId: string }>().jobId}`, headers })).json<{
    state: string;
    result: unknown;
  }>();
  console.log(
    JSON.stringify({
      database: database.kind,
      rows,
      batchRows: config.importBatchRows,
      state: job.state,
      result: job.result,
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(rows / seconds),
      peakRssGrowthMb: Math.round((peakRss - rssBefore) / 2 ** 20),
      worstEventLoopPauseMs: Math.round(worstPause),
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    }),
  );
} finally {
  await app.close();
  await outbox.stop();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
