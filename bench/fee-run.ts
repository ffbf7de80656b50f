import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { createMailTransport } from '../apps/api/src/platform/mail/mail-transport';
import { startOutboxWorker } from '../apps/api/src/platform/mail/outbox';
import { hashPassword } from '../apps/api/src/platform/passwords';

/**
 * npm run bench:fee-run --workspace apps/api [-- --invoices 100000 --clubs 50 --pdf-seconds 30]
 * (also `npm run bench -- --only fee-run`, which runs this script and checks the targets)
 *
 * Issue 17: a fee run of `invoices` members of `clubs` clubs (targets: 100,000 invoices created
 * in under a minute on PostgreSQL; their PDFs rendered in the background at 100 or more a second
 * with bounded memory). A fresh database: PGlite in a temporary directory, or with DATABASE_URL a
 * new database created beside it on the same PostgreSQL server and dropped at the end. Members
 * get a printed courier (no mails are queued). The fee run of all clubs is posted through the API
 * and made by its job in this process; then its PDF job runs for `pdf-seconds`, and the rate,
 * peak memory growth and worst event-loop pause are measured. Prints one JSON line.
 * PDF_RENDER_THREADS sets the PDF threads as for the app (default: the cores less one).
 */
const { values } = parseArgs({
  options: {
    invoices: { type: 'string', default: '100000' },
    clubs: { type: 'string', default: '50' },
    'pdf-seconds': { type: 'string', default: '30' },
  },
});
const invoiceCount = Number(values.invoices);
const clubCount = Number(values.clubs);
const pdfSeconds = Number(values['pdf-seconds']);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-bench-fee-run-'));
const serverUrl = process.env.DATABASE_URL || undefined;
const tag = Date.now().toString(36);
let databaseUrl: string | undefined;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database bpw_bench_fee_run_${tag}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/bpw_bench_fee_run_${tag}`;
  databaseUrl = url.toString();
}
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SECOND_FACTOR_REQUIRED: '0',
  ...(process.env.PDF_RENDER_THREADS ? { PDF_RENDER_THREADS: process.env.PDF_RENDER_THREADS } : {}),
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
const raw = (query: string, params: unknown[] = []) => database.raw(query, params);
// The seed's big statements run without the app's statement timeout (its own connection on PostgreSQL).
const seedClient = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
await seedClient?.connect();
const seed = (query: string, params: unknown[] = []) =>
  seedClient ? seedClient.query(query, params) : raw(query, params);
const year = new Date().getUTCFullYear() + 1;
try {
  const seedStarted = performance.now();
  await seed(
    `insert into clubs (id, name, club_type) select md5('c' || g)::uuid, 'Bench Fee Club ' || g, 0 from generate_series(1, $1::int) g`,
    [clubCount],
  );
  await seed(
    `insert into invoice_settings (club_id, creditor_name, street, building_number, zip, city, iban)
     select id, name, 'Bundesgasse', '3', '3011', 'Bern', 'CH4431999123000889012' from clubs`,
  );
  await seed(
    `insert into fee_schedules (club_id, year, single_centimes, collective_centimes, company_centimes, young_centimes)
     select id, $1, 15000, 30000, 50000, 7500 from clubs`,
    [year],
  );
  await seed(`insert into national_fees (year, amount_centimes, young_centimes) values ($1, 4000, 2000)`, [year]);
  // In slices, so PGlite's single connection and PostgreSQL's statement timeout both cope.
  for (let from = 1; from <= invoiceCount; from += 10_000) {
    const to = Math.min(invoiceCount, from + 9_999);
    await seed(
      `insert into persons (id, firstname, lastname, birthday, language_code, bpw_courier, primary_club_id)
       select md5('p' || g)::uuid, 'Anna' || g, 'Muster' || g, date '1955-01-01' + (g % 15000),
         (array['de','fr','it','en'])[1 + g % 4], 0, md5('c' || (1 + g % $3::int))::uuid
       from generate_series($1::int, $2::int) g`,
      [from, to, clubCount],
    );
    await seed(
      `insert into addresses (id, person_id, label, street, zip, city, country_code)
       select md5('a' || g)::uuid, md5('p' || g)::uuid, 'Privat', 'Bahnhofstrasse ' || (g % 200), '8001', 'Zürich', 'CH'
       from generate_series($1::int, $2::int) g`,
      [from, to],
    );
    await seed(
      `update persons set primary_address_id = md5('a' || g)::uuid from generate_series($1::int, $2::int) g
       where persons.id = md5('p' || g)::uuid`,
      [from, to],
    );
    await seed(
      `insert into club_relations (person_id, club_id, type, from_date)
       select md5('p' || g)::uuid, md5('c' || (1 + g % $3::int))::uuid, case when g % 20 = 0 then 3 else 0 end, date '2020-01-01'
       from generate_series($1::int, $2::int) g`,
      [from, to, clubCount],
    );
  }
  const [person] = (await seed(`insert into persons (lastname) values ('Bench Admin') returning id`)).rows as {
    id: string;
  }[];
  const username = `bench-fee-${tag}@example.ch`;
  const password = 'Bench-Passw0rd!';
  await seed(`insert into user_accounts (person_id, username, password_hash, is_admin) values ($1, $2, $3, true)`, [
    person!.id,
    username,
    await hashPassword(password),
  ]);
  await seed('analyze');
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    payload: { username, password, acceptedTermsAndConditions: true },
  });
  const headers = { authorization: `Bearer ${signIn.json<{ token: string }>().token}` };

  const previewStarted = performance.now();
  const preview = await app.inject({ url: `/api/v1/fee-run/preview?Year=${year}&PerPage=1`, headers });
  if (preview.statusCode !== 200) throw new Error(`preview: ${preview.statusCode} ${preview.body}`);
  const previewSeconds = (performance.now() - previewStarted) / 1000;

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

  // The run: POST, then its job (the app's runner, kicked by the service) until it is done.
  const started = performance.now();
  const posted = await app.inject({ method: 'POST', url: '/api/v1/fee-run', headers, payload: { year, clubId: null } });
  if (posted.statusCode !== 202) throw new Error(`fee run: ${posted.statusCode} ${posted.body}`);
  const run = posted.json<{ id: string; jobId: string }>();
  const jobState = async (id: string) =>
    (await raw('select state, progress_done as done from jobs where id = $1', [id])).rows[0] as {
      state: string;
      done: number;
    };
  for (;;) {
    const job = await jobState(run.jobId);
    if (job.state === 'done' || job.state === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const createSeconds = (performance.now() - started) / 1000;
  const created = Number((await raw('select count(*)::int as n from invoices')).rows[0]!.n);
  const createPeakRssGrowthMb = Math.round((peakRss - rssBefore) / 2 ** 20);

  // Its PDF job (queued by the run's last unit) renders in the background: measured for a while.
  const { pdf_job_id: pdfJobId } = (await raw('select pdf_job_id from fee_runs where id = $1', [run.id])).rows[0] as {
    pdf_job_id: string;
  };
  const rendered = async () =>
    Number((await raw('select count(*)::int as n from invoices where pdf_file_id is not null')).rows[0]!.n);
  // Start counting once the first batch is stored (warm-up: fonts, code paths).
  while ((await rendered()) === 0 && (await jobState(pdfJobId)).state !== 'done') {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pdfRssBefore = process.memoryUsage().rss;
  peakRss = pdfRssBefore;
  const createWorstPause = worstPause;
  worstPause = 0;
  const pdfStartCount = await rendered();
  const pdfCpu = process.cpuUsage();
  const pdfStarted = performance.now();
  while ((performance.now() - pdfStarted) / 1000 < pdfSeconds && (await jobState(pdfJobId)).state !== 'done') {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pdfCount = (await rendered()) - pdfStartCount;
  const pdfElapsed = (performance.now() - pdfStarted) / 1000;
  const pdfCpuUsed = process.cpuUsage(pdfCpu);
  clearInterval(sampler);
  const pdfBytes = Number(
    (await raw(`select coalesce(avg(byte_size), 0)::int as n from stored_files where kind = 'invoice_pdf'`)).rows[0]!.n,
  );
  console.log(
    JSON.stringify({
      database: database.kind,
      clubs: clubCount,
      members: invoiceCount,
      seedSeconds: Math.round(seedSeconds * 10) / 10,
      previewSeconds: Math.round(previewSeconds * 10) / 10,
      invoices: created,
      createSeconds: Math.round(createSeconds * 10) / 10,
      invoicesPerSecond: Math.round(created / createSeconds),
      createPeakRssGrowthMb,
      pdfs: pdfCount,
      pdfSeconds: Math.round(pdfElapsed * 10) / 10,
      pdfsPerSecond: Math.round((pdfCount / pdfElapsed) * 10) / 10,
      pdfAverageKb: Math.round(pdfBytes / 1024),
      pdfPeakRssGrowthMb: Math.round((peakRss - pdfRssBefore) / 2 ** 20),
      // This process's CPU time (main and PDF threads; not the database server's) a PDF.
      pdfCpuMsPerPdf: Math.round(((pdfCpuUsed.user + pdfCpuUsed.system) / 1000 / Math.max(1, pdfCount)) * 100) / 100,
      pdfThreads: config.pdfRenderThreads,
      worstEventLoopPauseMs: Math.round(createWorstPause),
      pdfWorstEventLoopPauseMs: Math.round(worstPause),
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    }),
  );
} finally {
  await seedClient?.end();
  await app.close();
  await outbox.stop();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl && databaseUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists bpw_bench_fee_run_${tag}`);
    await admin.end();
  }
}
