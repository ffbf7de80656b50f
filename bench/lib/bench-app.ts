import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { createMailTransport } from '../../apps/api/src/platform/mail/mail-transport';
import { startOutboxWorker } from '../../apps/api/src/platform/mail/outbox';
import { hashPassword } from '../../apps/api/src/platform/passwords';

/**
 * The app of a benchmark that runs in this process (bench/import.ts, bench/camt.ts): a fresh
 * database (PGlite in a temporary directory, or the PostgreSQL of DATABASE_URL, which should be
 * empty), migrated, and an administrator signed in with a password only. `close` stops it all.
 */
export async function startBenchApp(name: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bpw-bench-${name}-`));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECOND_FACTOR_REQUIRED: '0',
    ...env,
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
  const close = async () => {
    await app.close();
    await outbox.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const tag = Date.now().toString(36);
    const [person] = (await database.raw(`insert into persons (lastname) values ('Bench Admin') returning id`))
      .rows as { id: string }[];
    const username = `bench-${name}-${tag}@example.ch`;
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
    return { app, config, database, databaseUrl, tag, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}
