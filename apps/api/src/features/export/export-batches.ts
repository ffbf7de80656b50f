import type { ExportPerson } from './export-columns';
import type { ExportBatchRow } from './export.queries';

/**
 * The export's persons, batch by batch from `source` (export.queries.ts: by cursor on
 * PostgreSQL, by id on PGlite), completed with the club names. The next batch is read while
 * the current one is written, so the database works while Node writes.
 */
export async function* readBatches(options: {
  source: AsyncGenerator<ExportBatchRow[]>;
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
  let ahead = source.next();
  try {
    for (;;) {
      const [batch, names] = await Promise.all([ahead, clubNames]);
      if (batch.done) return;
      ahead = source.next();
      yield complete(batch.value, names);
    }
  } finally {
    // A download broken off leaves the read ahead unused: its failure is nobody's concern, and
    // the source is closed once that read is over (a cursor's connection goes back to the pool).
    ahead.catch(() => undefined);
    clubNames.catch(() => undefined);
    await ahead.then(
      () => source.return(undefined),
      () => undefined,
    );
  }
}

/** The order the cell lists a person's relations in: by club name (as the database sorts text by code point), then type. */
const byClubNameAndType = (a: { clubName: string; type: number }, b: { clubName: string; type: number }) =>
  a.clubName < b.clubName ? -1 : a.clubName > b.clubName ? 1 : a.type - b.type;
