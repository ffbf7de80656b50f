import type { DbOrTx } from '../../db/client';
import type { ExportPerson } from './export-columns';
import { type ExportBatchRow, findActiveRelations, findMentoringAreas, findSpokenLanguages } from './export.queries';

const groupBy = <T extends { personId: string }, V>(rows: T[], pick: (row: T) => V) => {
  const map = new Map<string, V[]>();
  for (const row of rows) {
    const list = map.get(row.personId) ?? [];
    list.push(pick(row));
    map.set(row.personId, list);
  }
  return map;
};

/**
 * The export's persons in batches ordered by id (keyset: `id > last id of the previous batch`),
 * each completed with the person's active relations and, for allData, her spoken languages and
 * mentoring areas: four indexed queries per batch, however many persons.
 */
export async function* readBatches(
  db: DbOrTx,
  options: {
    today: string;
    size: number;
    withLists: boolean;
    next: (afterId: string | undefined) => Promise<ExportBatchRow[]>;
  },
): AsyncGenerator<ExportPerson[]> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await options.next(afterId);
    if (rows.length === 0) return;
    const personIds = rows.map((r) => r.id);
    const [relations, languages, areas] = await Promise.all([
      findActiveRelations(db, { personIds, today: options.today }),
      options.withLists ? findSpokenLanguages(db, { personIds }) : [],
      options.withLists ? findMentoringAreas(db, { personIds }) : [],
    ]);
    const relationsOf = groupBy(relations, (r) => ({ clubName: r.clubName, type: r.type }));
    const languagesOf = groupBy(languages, (r) => r.value);
    const areasOf = groupBy(areas, (r) => r.value);
    yield rows.map((row) => ({
      ...row,
      relations: relationsOf.get(row.id) ?? [],
      spokenLanguages: languagesOf.get(row.id) ?? [],
      mentoringAreas: areasOf.get(row.id) ?? [],
    }));
    if (rows.length < options.size) return;
    afterId = rows.at(-1)!.id;
  }
}
