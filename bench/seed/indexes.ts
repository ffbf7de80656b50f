import type { Loader } from './loader';

/**
 * The bulk-load recipe: secondary indexes are dropped before the COPY and built once afterwards
 * (a trigram GIN index built in one pass is many times faster than a million single inserts).
 * Primary keys and unique constraints stay: they guard the generator's own correctness.
 */
export type SavedIndex = { table: string; name: string; definition: string };

export async function dropSecondaryIndexes(loader: Loader, tables: readonly string[]): Promise<SavedIndex[]> {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const { rows } = await loader.exec(`
    select i.tablename as table, i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = 'public' and i.tablename in (${list})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    order by i.tablename, i.indexname`);
  const saved = rows as SavedIndex[];
  for (const index of saved) await loader.exec(`DROP INDEX IF EXISTS "${index.name}"`);
  return saved;
}

/** Builds the indexes on as many connections as given (PostgreSQL builds each on one core). */
export async function createIndexes(loaders: Loader[], saved: SavedIndex[], log: (line: string) => void) {
  // Largest first (the GIN trigram indexes), so the connections finish at about the same time.
  const queue = [...saved].sort((a, b) => weight(b) - weight(a));
  await Promise.all(
    loaders.map(async (loader) => {
      for (let index = queue.shift(); index; index = queue.shift()) {
        const started = performance.now();
        await loader.exec(index.definition);
        const seconds = (performance.now() - started) / 1000;
        if (seconds >= 1) log(`  index ${index.name} ${seconds.toFixed(1)} s`);
      }
    }),
  );
}

const weight = (index: SavedIndex) =>
  (index.definition.includes('gin') ? 10 : 1) *
  (/persons|addresses|address_|registrations|relations/.test(index.table) ? 10 : 1);
