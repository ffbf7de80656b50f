import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, pgliteExtensions, runMigrations } from '../../src/db/client';
import { DEMO_PASSWORD, demoAccounts } from '../../src/db/demo/demo-accounts';
import { freePort, startApiProcess } from './api-process';
import { BULK_PERSONS, fillBackupWorld } from './backup-world';
import { reportFigure } from './figures';
import { type Fingerprints, differingTables, fingerprintDatabase, totalRows } from './table-fingerprints';
import {
  type TargetDatabase,
  adminQuery,
  createTargetDatabase,
  databaseKinds,
  databaseUrlFor,
} from './target-database';

const run = promisify(execFile);
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const megabytes = (file: string) => (fs.statSync(file).size / 1024 / 1024).toFixed(1);
const directorySize = (dir: string): number =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce(
      (sum, e) =>
        sum + (e.isDirectory() ? directorySize(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size),
      0,
    );

/** The restored database must be one the app runs on: migrations change nothing, a member signs in. */
async function expectAppRunsOn(env: Record<string, string>) {
  const api = startApiProcess({
    ...env,
    PORT: String(await freePort()),
    JWT_SECRET: 'backup-test-secret-backup-test-42',
  });
  try {
    await api.ready;
    const member = demoAccounts.find((a) => a.key === 'member') ?? demoAccounts[0];
    const res = await fetch(`${api.baseUrl}/api/v1/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: member.username, password: DEMO_PASSWORD, acceptedTermsAndConditions: true }),
    });
    expect(res.status).toBe(200);
  } finally {
    api.kill('SIGTERM');
    await api.exited;
  }
}

/** Issue 9: docs/operations.md's backup and restore, done as written, into an empty database. */
describe.each(databaseKinds)('backup and restore on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });
  const target = async (label: string) => {
    const created: TargetDatabase = await createTargetDatabase(kind, label);
    cleanups.push(created.drop);
    return created;
  };

  /** The source database, filled, with its print taken while nothing else holds it. */
  async function filledSource(): Promise<{ source: TargetDatabase; prints: Fingerprints }> {
    const source = await target('backup-source');
    const database = await source.open();
    await fillBackupWorld(database);
    const prints = await fingerprintDatabase(database);
    await database.close();
    expect(totalRows(prints)).toBeGreaterThan(3 * BULK_PERSONS);
    return { source, prints };
  }

  async function printOf(database: Database) {
    try {
      await runMigrations(database);
      return await fingerprintDatabase(database);
    } finally {
      await database.close();
    }
  }

  if (kind === 'postgresql') {
    it('restores a pg_dump into an empty database with the same rows in every table', async () => {
      const { source, prints } = await filledSource();
      const file = path.join(source.dataDir, 'bpw.dump');
      let started = Date.now();
      await run('pg_dump', ['-Fc', '-f', file, '-d', source.databaseUrl!]);
      const dumpSeconds = seconds(started);

      const name = `bpw_restored_${Date.now()}`;
      await adminQuery(`CREATE DATABASE ${name}`);
      cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const restoredUrl = databaseUrlFor(name);
      started = Date.now();
      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', restoredUrl, file]);
      const restoreSeconds = seconds(started);

      const restored = await printOf(
        await openDatabase({ databaseUrl: restoredUrl, poolSize: 2, statementTimeoutMs: 60_000 }),
      );
      const differing = differingTables(prints, restored);
      reportFigure(
        'backup and restore (pg_dump -Fc, pg_restore)',
        'postgresql',
        `${Object.keys(prints).length - 2} tables, ${totalRows(prints)} rows, dump ${megabytes(file)} MB in ` +
          `${dumpSeconds} s, restore ${restoreSeconds} s; ${differing.length} tables differ`,
      );
      expect(differing).toEqual([]);
      await expectAppRunsOn({ DATA_DIR: source.dataDir, DATABASE_URL: restoredUrl });
    });
  }

  if (kind === 'pglite') {
    it('restores a copy of the stopped DATA_DIR with the same rows in every table', async () => {
      const { source, prints } = await filledSource();
      const copy = `${source.dataDir}-copy`;
      cleanups.push(async () => fs.rmSync(copy, { recursive: true, force: true }));
      const started = Date.now();
      fs.cpSync(source.dataDir, copy, { recursive: true });
      const copySeconds = seconds(started);

      const database = await openDatabase({ dataDir: copy });
      const restored = await fingerprintDatabase(database);
      const differing = differingTables(prints, restored);
      // The comparison is not blind: one changed letter in one row shows (with her search index,
      // and her address index when she has an address).
      await database.raw(
        `update persons set firstname = firstname || 'x' where id = (select min(id::text)::uuid from persons)`,
      );
      const changed = differingTables(prints, await fingerprintDatabase(database));
      expect(changed.filter((table) => table !== 'public.person_address_prefixes')).toEqual([
        'public.person_search_prefixes',
        'public.persons',
      ]);
      await database.close();
      reportFigure(
        'backup and restore (copy of the stopped DATA_DIR)',
        'pglite',
        `${Object.keys(prints).length - 2} tables, ${totalRows(prints)} rows, ` +
          `${(directorySize(copy) / 1024 / 1024).toFixed(0)} MB copied in ${copySeconds} s; ${differing.length} tables differ`,
      );
      expect(differing).toEqual([]);
      await expectAppRunsOn({ DATA_DIR: copy });
    });

    it('restores a dumpDataDir tarball into an empty directory with the same rows in every table', async () => {
      const { source, prints } = await filledSource();
      const file = path.join(source.dataDir, 'bpw-pglite.tar.gz');
      let started = Date.now();
      const live = await PGlite.create(path.join(source.dataDir, 'pglite'), { extensions: pgliteExtensions });
      fs.writeFileSync(file, Buffer.from(await (await live.dumpDataDir('gzip')).arrayBuffer()));
      await live.close();
      const dumpSeconds = seconds(started);

      const empty = await target('backup-restored');
      started = Date.now();
      const loaded = await PGlite.create(path.join(empty.dataDir, 'pglite'), {
        extensions: pgliteExtensions,
        loadDataDir: new Blob([fs.readFileSync(file)]),
      });
      const restoreSeconds = seconds(started);
      const restored = await printOf(await openDatabase({ pglite: loaded }));
      const differing = differingTables(prints, restored);
      reportFigure(
        'backup and restore (PGlite dumpDataDir, loadDataDir)',
        'pglite',
        `${Object.keys(prints).length - 2} tables, ${totalRows(prints)} rows, dump ${megabytes(file)} MB in ` +
          `${dumpSeconds} s, restore ${restoreSeconds} s; ${differing.length} tables differ`,
      );
      expect(differing).toEqual([]);
      await expectAppRunsOn({ DATA_DIR: empty.dataDir });
    });
  }
});
