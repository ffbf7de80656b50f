import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';
import { testDatabaseUrl } from '../test-database';

export type DatabaseKind = 'pglite' | 'postgresql';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as in .ci/run). */
export const databaseKinds: DatabaseKind[] = testDatabaseUrl ? ['pglite', 'postgresql'] : ['pglite'];

/**
 * A fresh, empty database of its own for a test that runs the real API process: a data
 * directory for PGlite, a new database on the server for PostgreSQL.
 */
export type TargetDatabase = {
  kind: DatabaseKind;
  /** The environment the API process needs to use it (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Opens it from the test process (PGlite: only while no API process holds it). */
  open: () => Promise<Database>;
  drop: () => Promise<void>;
};

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTargetDatabase(kind: DatabaseKind, label: string): Promise<TargetDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bpw-${label}-`));
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      dataDir,
      databaseUrl: undefined,
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bpw_${label.replace(/[^a-z0-9]/g, '_')}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(`CREATE DATABASE ${name}`).catch((error: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const databaseUrl = databaseUrlFor(name);
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, poolSize: 4, statementTimeoutMs: 60_000 }),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
