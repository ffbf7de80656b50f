import type { ExportPerson } from './export-columns';
import type { ExportBatchRow } from './export.queries';

/** Batches read ahead of the one being written: one more keeps the cursor busy without a pause. */
const READ_AHEAD = 2;

/**
 * The export's persons, batch by batch from `source` (export.queries.ts: by cursor on
 * PostgreSQL, by id on PGlite), completed with the club names. Each batch is handed on only
 * once `record` has recorded it (the audit trail). The next batch is read while the current
 * one is recorded and written, so the database works while Node writes.
 */
export async function* readBatches(options: {
  source: AsyncGenerator<ExportBatchRow[]>;
  record: (batch: ExportBatchRow[]) => Promise<void>;
  clubNames: () => Promise<Map<string, string>>;
}): AsyncGenerator<ExportPerson[]> {
  const { source } = options;
  const clubNames = options.clubNames();
  const complete = (rows: ExportBatchRow[], names: Map<string, string>) => {
    const nameOf = (clubId: string | null) => (clubId === null ? null : (names.get(clubId) ?? null));
    // Completed in place: copying a million rows of 31 fields cost more than writing them.
    const persons = rows as ExportPerson[];
    for (const person of persons) {
      person.primaryClub = nameOf(person.primaryClubId);
      person.clubRoles = (person.relations ?? [])
        .map(([clubId, type]) => ({ clubName: nameOf(clubId) ?? '', type }))
        .sort(byClubNameAndType);
    }
    return persons;
  };
  // Reads queued on the generator run back to back, so the database never waits for Node.
  const ahead = Array.from({ length: READ_AHEAD }, () => source.next());
  try {
    for (;;) {
      const [batch, names] = await Promise.all([ahead.shift()!, clubNames]);
      if (batch.done) return;
      const recorded = options.record(batch.value);
      ahead.push(source.next());
      await recorded;
      yield complete(batch.value, names);
    }
  } finally {
    // A download broken off leaves the reads ahead unused: their failure is nobody's concern,
    // and the source is closed once they are over (a cursor's connection goes back to the pool).
    for (const read of ahead) read.catch(() => undefined);
    clubNames.catch(() => undefined);
    await Promise.allSettled(ahead);
    await source.return(undefined).catch(() => undefined);
  }
}

/** The order the cell lists a person's relations in: by club name (as the database sorts text by code point), then type. */
const byClubNameAndType = (a: { clubName: string; type: number }, b: { clubName: string; type: number }) =>
  a.clubName < b.clubName ? -1 : a.clubName > b.clubName ? 1 : a.type - b.type;
