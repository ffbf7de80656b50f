import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase, pgliteExtensions, runMigrations } from '../src/db/client';

/**
 * Every test file gets a fresh, migrated database copied from a template that global setup
 * migrated once: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const pgliteTemplateFile = path.join(repoRoot, '.data-test', 'pglite-template.tar');
const TEMPLATE_DB = 'bpw_test_template';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Called once per run by global setup. */
export async function buildTemplate(): Promise<void> {
  if (testDatabaseUrl) {
    await adminQuery(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${TEMPLATE_DB}`);
    const database = await openDatabase({ databaseUrl: withDatabase(testDatabaseUrl, TEMPLATE_DB), poolSize: 1 });
    await runMigrations(database);
    await database.close();
    return;
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite: client });
  await runMigrations(database);
  const dump = await client.dumpDataDir('none');
  fs.mkdirSync(path.dirname(pgliteTemplateFile), { recursive: true });
  fs.writeFileSync(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseUrl) {
    const name = `bpw_test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    const database = await openDatabase({ databaseUrl: withDatabase(testDatabaseUrl, name), poolSize: 20 });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const tar = new Blob([fs.readFileSync(pgliteTemplateFile)]);
  const client = await PGlite.create({ loadDataDir: tar, extensions: pgliteExtensions });
  return openDatabase({ pglite: client });
}
