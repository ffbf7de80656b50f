import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, runMigrations } from '../apps/api/src/db/client';
import { developmentTodayJobName } from '../apps/api/src/features/dashboard/development-totals.job';
import { createMailTransport } from '../apps/api/src/platform/mail/mail-transport';
import { startOutboxWorker } from '../apps/api/src/platform/mail/outbox';

/**
 * The API as main.ts starts it, plus what only the benchmark needs, outside /api/v1:
 * GET /bench/trivial, the framework's ceiling in the same process (helmet, hooks and all),
 * GET /bench/stats, the process's event-loop delay and memory since the last `?reset=1`, and
 * GET /bench/jobs-idle, which answers when the job runner is idle.
 */
// The load scripts sign admins in with a password (docs/decisions/two-factor.md).
const config = loadConfig({ SECOND_FACTOR_REQUIRED: '0', ...process.env });
const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, statementTimeoutMs: config.statementTimeoutMs }
    : { dataDir: config.dataDir },
);
await runMigrations(database);
const transport = createMailTransport({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  dataDir: config.dataDir,
  messageIdDomain: config.mailDomain,
});
const outbox = startOutboxWorker({ db: database.db, transport });
const app = await buildApp({ config, database, outbox });

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let peakRss = process.memoryUsage.rss();
let baseRss = peakRss;
// Sampled often enough to catch the export's peak; rss() is a cheap syscall.
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 20).unref();

app.get('/bench/trivial', { config: { auth: 'public' } }, async () => ({ ok: true }));
// Answers once the job runner has nothing under way (a cancelled job stops after its batch):
// runOnce joins the run in progress, then runs what is queued (nothing, in the benchmark).
app.get('/bench/jobs-idle', { config: { auth: 'public' } }, async () => ({ jobs: await app.jobs.runOnce() }));
app.get('/bench/stats', { config: { auth: 'public' } }, async (request) => {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const rss = process.memoryUsage.rss();
  const stats = {
    eventLoopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    rssMb: Math.round(rss / 2 ** 20),
    peakRssMb: Math.round(peakRss / 2 ** 20),
    peakGrowthMb: Math.round((peakRss - baseRss) / 2 ** 20),
    routes: app.apiRoutes.map((r) => `${r.method} ${r.url}`),
  };
  if ((request.query as { reset?: string }).reset === '1') {
    delay.reset();
    global.gc?.();
    baseRss = peakRss = process.memoryUsage.rss();
  }
  return stats;
});

async function shutdown() {
  await app.close();
  await outbox.stop();
  transport.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// The dashboard's all-clubs figures as the job keeps them in a running installation (a minute
// the first time at a million: every past quarter's last day).
await app.scheduler.runJob(developmentTodayJobName);
// BENCH_BACKGROUND=1 (bench/mailing.ts): the job runner and the mailing feeder run on their
// timers, as main.ts starts them; the other scenarios leave them off (their jobs are kicked).
if (process.env.BENCH_BACKGROUND === '1') {
  app.jobs.start();
  app.mailings.start();
}
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log(`bench server listening on ${config.port} (${database.kind})`);
