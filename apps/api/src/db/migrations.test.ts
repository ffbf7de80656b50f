import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseUrl } from '../../test/test-database';
import fs from 'node:fs';
import path from 'node:path';
import { type Database, migrationsFolder, runMigrations } from './client';
import * as schema from './schema/index';

const tables = Object.values(schema)
  .filter((v) => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v)
  .map((t) => getTableConfig(t as PgTable).name);

describe(`migrations on ${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('creates every table of the schema', async () => {
    const { rows } = await database.raw(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const present = new Set(rows.map((r) => r.table_name));
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) expect(present.has(table), table).toBe(true);
  });

  it('installs the citext and pg_trgm extensions the indexes rely on', async () => {
    const { rows } = await database.raw(`select extname from pg_extension`);
    expect(rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['citext', 'pg_trgm']));
  });

  it('has the trigram indexes of the "contains" filters and the prefix index of the address filters', async () => {
    const { rows } = await database.raw(`select indexdef from pg_indexes where indexdef like '%gin_trgm_ops%'`);
    const defs = rows.map((r) => String(r.indexdef));
    for (const column of ['firstname', 'lastname'])
      expect(
        defs.some((d) => d.includes(column)),
        column,
      ).toBe(true);
    expect(defs.some((d) => d.includes('address_emails'))).toBe(true);
    // City, Zip, Company and Street find word beginnings (migration 0038): no trigram index.
    expect(defs.filter((d) => d.includes(' addresses '))).toEqual([]);
    const { rows: keys } = await database.raw(
      `select indexdef from pg_indexes where indexname = 'person_address_prefixes_pk'`,
    );
    expect(String(keys[0]?.indexdef)).toContain('(kind, prefix, firstname_missing, firstname, lastname, person_id)');
  });

  it('applies again as a no-op on a migrated database', async () => {
    await runMigrations(database);
    const { rows } = await database.raw(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    expect(rows[0]!.n).toBe(journal.entries.length);
  });
});
