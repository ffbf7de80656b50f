import { createHash } from 'node:crypto';
import type { Database } from '../../src/db/client';

/**
 * Every row of every table of the public schema, for before/after comparisons: what did one
 * request change in the database? Bytes are reduced to a hash, dates to ISO strings.
 */
export type Snapshot = Map<string, Map<string, Record<string, unknown>>>;
export type ChangedCell = { table: string; row: string; column: string; before: unknown; after: unknown };

const normalise = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return `bytes:${createHash('sha1').update(value).digest('hex')}`;
  if (value instanceof Date) return value.toISOString();
  return value;
};

export async function snapshotDatabase(database: Database): Promise<Snapshot> {
  const { rows: tables } = await database.raw(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: Snapshot = new Map();
  for (const { name } of tables as Array<{ name: string }>) {
    const { rows } = await database.raw(`select * from "${name}"`);
    const byKey = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const normalised = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, normalise(v)]));
      byKey.set(typeof row.id === 'string' ? row.id : JSON.stringify(normalised), normalised);
    }
    snapshot.set(name, byKey);
  }
  return snapshot;
}

/** The cells that are new or different in `after` (a new row: all its cells, `before` undefined). */
export function changedCells(before: Snapshot, after: Snapshot): ChangedCell[] {
  const changes: ChangedCell[] = [];
  for (const [table, rows] of after) {
    const old = before.get(table) ?? new Map<string, Record<string, unknown>>();
    for (const [key, row] of rows) {
      const previous = old.get(key);
      for (const [column, value] of Object.entries(row)) {
        const was = previous?.[column];
        if (previous && JSON.stringify(was) === JSON.stringify(value)) continue;
        changes.push({ table, row: key, column, before: was, after: value });
      }
    }
  }
  return changes;
}
