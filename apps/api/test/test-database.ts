import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DatabaseHooks, openDatabase, pgliteExtensions, runMigrations } from '../src/db/client';

/**
 * Every test file gets a fresh, migrated database copied from a template that global setup
 * migrated once: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Names of this run's template, unique per run so parallel runs on one machine never collide. */
export type TemplateNames = { pgliteFile: string; postgresDatabase: string };
export function newTemplateNames(): TemplateNames {
  const suffix = `${process.pid}_${Date.now()}`;
  return {
    pgliteFile: path.join(repoRoot, '.data-test', `pglite-template-${suffix}.tar`),
    postgresDatabase: `bpw_test_template_${suffix}`,
  };
}

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
export async function buildTemplate(names: TemplateNames): Promise<void> {
  if (testDatabaseUrl) {
    await adminQuery(`CREATE DATABASE ${names.postgresDatabase}`);
    const database = await openDatabase({
      databaseUrl: withDatabase(testDatabaseUrl, names.postgresDatabase),
      poolSize: 2,
    });
    await runMigrations(database);
    await database.close();
    return;
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite: client });
  await runMigrations(database);
  const dump = await client.dumpDataDir('none');
  fs.mkdirSync(path.dirname(names.pgliteFile), { recursive: true });
  fs.writeFileSync(names.pgliteFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

export async function dropTemplate(names: TemplateNames): Promise<void> {
  if (testDatabaseUrl) await adminQuery(`DROP DATABASE IF EXISTS ${names.postgresDatabase} WITH (FORCE)`);
  fs.rmSync(names.pgliteFile, { force: true });
}

/** `statementTimeoutMs` applies on PostgreSQL only (PGlite cannot interrupt a statement). */
export async function openTestDatabase(
  hooks: DatabaseHooks = {},
  options: { statementTimeoutMs?: number } = {},
): Promise<Database> {
  const names = inject('templateNames');
  if (testDatabaseUrl) {
    const name = `bpw_test_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${names.postgresDatabase}`);
    const database = await openDatabase(
      // Tests share two cores with each other and load data in bulk: a minute unless a test
      // asks for the production-like limit.
      { databaseUrl: withDatabase(testDatabaseUrl, name), poolSize: 20, statementTimeoutMs: 60_000, ...options },
      hooks,
    );
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const tar = new Blob([fs.readFileSync(names.pgliteFile)]);
  const client = await PGlite.create({ loadDataDir: tar, extensions: pgliteExtensions });
  return openDatabase({ pglite: client }, hooks);
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateNames: TemplateNames;
  }
}
