import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createMailTransport, type MailTransport } from '../src/platform/mail/mail-transport';
import { type OutboxWorker, startOutboxWorker } from '../src/platform/mail/outbox';
import { openTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  outbox: OutboxWorker;
  close: () => Promise<void>;
};

/**
 * The app on a fresh database, as main.ts builds it, with the outbox run by hand. `now` replaces
 * the app's clock (token expiry, sign-in locks, link lifetimes, "today" of the roles).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    transport?: MailTransport;
    now?: () => Date;
    /** Sees every SQL statement with its parameters (tests that count or explain statements). */
    onQuery?: (query: string, params: unknown[]) => void;
    /** Another app's database: a second instance on it (closing this app leaves it open). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    // inject() comes from 127.0.0.1: tests play the proxy and send X-Forwarded-For (nextIp()).
    TRUST_PROXY: '127.0.0.1',
    // The tests sign admins in with a password; the second-factor tests switch the rule on.
    SECOND_FACTOR_REQUIRED: '0',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase(options.onQuery ? { onQuery: options.onQuery } : {}));
  const transport =
    options.transport ??
    createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir,
      messageIdDomain: config.mailDomain,
    });
  const outbox = startOutboxWorker({ db: database.db, transport, autoStart: false });
  const app = await buildApp({ config, database, outbox, ...(options.now ? { now: options.now } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    outbox,
    close: async () => {
      await app.close();
      await outbox.stop();
      if (!options.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
