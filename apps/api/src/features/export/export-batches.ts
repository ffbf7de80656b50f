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
  clubNames: () => Promise<Map<string, string>>;
}): AsyncGenerator<ExportPerson[]> {
  const clubNames = options.clubNames();
  const load = async (afterId: string | undefined) => {
    const [rows, names] = await Promise.all([options.next(afterId), clubNames]);
    if (rows.length === 0) return undefined;
    const nameOf = (clubId: string | null) => (clubId === null ? null : (names.get(clubId) ?? null));
    // Completed in place: copying a million rows of 31 fields cost more than writing them.
    const persons = rows as ExportPerson[];
    for (const person of persons) {
      person.primaryClub = nameOf(person.primaryClubId);
      person.clubRoles = (person.relations ?? [])
        .map(([clubId, type]) => ({ clubName: nameOf(clubId) ?? '', type }))
        .sort(byClubNameAndType);
    }
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
    clubNames.catch(() => undefined);
  }
}

/** The order the cell lists a person's relations in: by club name (as the database sorts text by code point), then type. */
const byClubNameAndType = (a: { clubName: string; type: number }, b: { clubName: string; type: number }) =>
  a.clubName < b.clubName ? -1 : a.clubName > b.clubName ? 1 : a.type - b.type;
