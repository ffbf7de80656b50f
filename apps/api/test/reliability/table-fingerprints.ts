import type { Database } from '../../src/db/client';

export type Fingerprint = { rows: number; md5: string };
export type Fingerprints = Record<string, Fingerprint>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the app (schema public, and drizzle's migration journal) as its row count and
 * the md5 of its rows' text in sorted order, so two databases with the same content give the
 * same print whatever the rows' physical order. Indexes and constraints get a print of their
 * definitions, so a restore that dropped one shows too.
 */
export async function fingerprintDatabase(database: Database): Promise<Fingerprints> {
  const tables = (
    await database.raw(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
    )
  ).rows as { schema: string; name: string }[];
  const prints: Fingerprints = {};
  for (const { schema, name } of tables) {
    const [row] = (
      await database.raw(
        `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as md5
         from ${quote(schema)}.${quote(name)} t`,
      )
    ).rows;
    prints[`${schema}.${name}`] = { rows: Number(row!.rows), md5: String(row!.md5) };
  }
  const [indexes] = (
    await database.raw(
      `select count(*)::int as rows, md5(string_agg(indexdef, ';' order by indexname)) as md5
       from pg_indexes where schemaname = 'public'`,
    )
  ).rows;
  prints['(indexes)'] = { rows: Number(indexes!.rows), md5: String(indexes!.md5) };
  const [constraints] = (
    await database.raw(
      `select count(*)::int as rows,
              md5(string_agg(c.conname || ' ' || pg_get_constraintdef(c.oid), ';' order by c.conname)) as md5
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'`,
    )
  ).rows;
  prints['(constraints)'] = { rows: Number(constraints!.rows), md5: String(constraints!.md5) };
  return prints;
}

/** The tables whose count or content differ between two prints (also tables only one has). */
export function differingTables(a: Fingerprints, b: Fingerprints): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter((name) => a[name]?.rows !== b[name]?.rows || a[name]?.md5 !== b[name]?.md5).sort();
}

export const totalRows = (prints: Fingerprints) =>
  Object.entries(prints)
    .filter(([name]) => !name.startsWith('('))
    .reduce((sum, [, print]) => sum + print.rows, 0);
