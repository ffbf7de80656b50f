import type { ExportPerson } from './export-columns';
import type { ExportBatchRow } from './export.queries';

/**
 * The export's persons in batches ordered by id (keyset: `id > last id of the previous batch`),
 * one statement each with the person's active relations and, for allData, her spoken languages
 * and mentoring areas (export.queries.ts). The next batch is read while the current one is
 * written (on PostgreSQL the database works while Node writes).
 */
export async function* readBatches(options: {
  size: number;
  next: (afterId: string | undefined) => Promise<ExportBatchRow[]>;
}): AsyncGenerator<ExportPerson[]> {
  const load = async (afterId: string | undefined) => {
    const rows = await options.next(afterId);
    if (rows.length === 0) return undefined;
    const persons: ExportPerson[] = rows.map((row) => ({
      ...row,
      relations: (row.relations ?? []).map(([clubName, type]) => ({ clubName, type })),
      spokenLanguages: row.spokenLanguages ?? [],
      mentoringAreas: row.mentoringAreas ?? [],
    }));
    return { persons, lastId: rows.at(-1)!.id, isFull: rows.length === options.size };
  };
  let ahead = load(undefined);
  try {
    for (;;) {
      const batch = await ahead;
      if (!batch) return;
      ahead = batch.isFull ? load(batch.lastId) : Promise.resolve(undefined);
      yield batch.persons;
    }
  } finally {
    // A download broken off leaves the read ahead unused: its failure is nobody's concern.
    ahead.catch(() => undefined);
  }
}
