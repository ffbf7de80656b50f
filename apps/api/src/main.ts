import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { developmentTodayJobName } from './features/dashboard/development-totals.job';
import { ensureFirstAdministrator } from './features/auth/first-administrator';
import { DEMO_PASSWORD, demoAccounts } from './db/demo/demo-accounts';
import { seedDemoDataIfEmpty } from './db/demo/demo-data';
import { createMailTransport } from './platform/mail/mail-transport';
import { startOutboxWorker } from './platform/mail/outbox';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, statementTimeoutMs: config.statementTimeoutMs }
    : { dataDir: config.dataDir },
);
await runMigrations(database);

const created = await ensureFirstAdministrator(database.db, config);
if (created?.generatedPassword) {
  // Printed once, on the console only, so the operator can sign in on a fresh install.
  console.log(
    `\nFirst administrator created.\n  username: ${created.username}\n  password: ${created.generatedPassword}\n`,
  );
}
if (config.demoData && (await seedDemoDataIfEmpty(database.db))) {
  console.log(`\nDemo data loaded. Demo sign-ins (password ${DEMO_PASSWORD}):`);
  for (const account of demoAccounts) console.log(`  ${account.username.padEnd(24)} ${account.role}`);
}

const transport = createMailTransport({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  dataDir: config.dataDir,
  messageIdDomain: config.mailDomain,
});
const outbox = startOutboxWorker({ db: database.db, transport, leaseSeconds: config.mailLeaseSeconds });
const app = await buildApp({ config, database, outbox });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close(); // stops accepting, lets requests in flight finish
    await outbox.stop();
    transport.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.scheduler.start(); // stopped by app.close()
app.jobs.start(); // stopped by app.close(); an interrupted job is resumed by the next start
app.webhooks.start(); // stopped by app.close(); a message whose sender died is sent again after its lease
app.mailings.start(); // stopped by app.close(); hands mailing recipients to the outbox at MAILING_RATE_PER_MINUTE
// The dashboard's all-clubs figures at once, not at the next ten minutes (a new installation).
void app.scheduler.runJob(developmentTodayJobName).catch((err: unknown) => app.log.warn({ err }, 'dashboard figures'));
console.log(`BPW club manager listening on http://localhost:${config.port} (${database.kind})`);
