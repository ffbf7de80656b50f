import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services see; both drivers implement it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
export const pgliteExtensions = { citext, pg_trgm };

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Runs a raw statement on the driver, bypassing Drizzle (benchmarks, template copies). */
  raw: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** The PostgreSQL pool, present only on PostgreSQL (LISTEN/NOTIFY, advisory locks). */
  pool: pg.Pool | undefined;
  close: () => Promise<void>;
};

/**
 * A request's statements may run this long on PostgreSQL before the server cancels them (issue
 * 24: an abandoned sort once grew to 5 GB and took the database down). Long work (the export,
 * migrations, the benchmark's seed) raises it for its own connection or transaction.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

export type DatabaseOptions =
  { databaseUrl: string; poolSize?: number; statementTimeoutMs?: number } | { dataDir: string } | { pglite: PGlite };

/** Observers that change nothing: `onQuery` sees every statement Drizzle sends (tests count them). */
export type DatabaseHooks = { onQuery?: (query: string, params: unknown[]) => void };

export async function openDatabase(options: DatabaseOptions, hooks: DatabaseHooks = {}): Promise<Database> {
  const onQuery = hooks.onQuery;
  const logger = onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {};
  if ('databaseUrl' in options) {
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Our statements are short; PostgreSQL's JIT compiled a list of a few hundred events for
      // 40 ms to save less than 1 (docs/performance.md "What was changed").
      options: `-c jit=off -c statement_timeout=${statementTimeoutMs}`,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, ...logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      raw: async (text, params) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows as Record<string, unknown>[] };
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('pglite' in options) client = options.pglite;
  else {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: pgliteExtensions });
  }
  const db = drizzlePglite(client, { schema, ...logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    raw: async (text, params) => {
      const r = await client.query(text, params as unknown[]);
      return { rows: r.rows as Record<string, unknown>[] };
    },
    close: () => client.close(),
  };
}

// A lock key of our own so concurrent instances starting on one PostgreSQL migrate one at a time.
const MIGRATION_LOCK_KEY = 727_001;

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const lockClient = await database.pool!.connect();
  try {
    // A migration may build an index over a million rows: no request's time limit here. The
    // migrations run on this one connection, which holds the lock.
    await lockClient.query('SET statement_timeout = 0');
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }) as never, { migrationsFolder });
  } finally {
    await lockClient.query('RESET statement_timeout').catch(() => undefined);
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
