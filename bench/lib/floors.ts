import { personListQuerySchema } from '@bpw/domain/schemas/person';
import { count } from 'drizzle-orm';
import { loadConfig } from '../../apps/api/src/config';
import { type Database, openDatabase } from '../../apps/api/src/db/client';
import { persons } from '../../apps/api/src/db/schema/persons';
import { exportWhere } from '../../apps/api/src/features/export/export-filters';
import { createPersonListReader } from '../../apps/api/src/features/persons/person-list-reader';
import { findPersons } from '../../apps/api/src/features/persons/person-list.service';
import { findActor } from '../../apps/api/src/platform/auth/actor.queries';
import { isoDateInSwitzerland } from '../../apps/api/src/platform/auth/today';
import { benchAdmin, benchDataDir } from '../bench-config';
import { rotate } from './load';
import type { Summary } from './percentiles';
import { createRecorder, runRawLoad, type Statement } from './raw-sql';
import { type Queries, queryString } from './queries';

/**
 * Phase 1, before the API starts (PGlite allows one process on its data): the database floors of
 * the list and the search, the facts the HTTP scenarios need, and the size of the data.
 */
export type Floors = {
  adminId: string;
  counts: Record<string, number>;
  exportRows: number;
  rawList: Summary;
  rawSearch: Summary;
  listStatements: number;
};

export async function measureFloors(options: {
  databaseUrl: string | undefined;
  queries: Queries;
  connections: number;
  durationSeconds: number;
  log: (line: string) => void;
}): Promise<Floors> {
  const recorder = createRecorder();
  const database: Database = options.databaseUrl
    ? await openDatabase({ databaseUrl: options.databaseUrl, statementTimeoutMs: 0 }, { onQuery: recorder.onQuery })
    : await openDatabase({ dataDir: benchDataDir() }, { onQuery: recorder.onQuery });
  try {
    const { rows } = await database.raw(
      `select a.person_id from user_accounts a where a.username = $1 and a.is_admin`,
      [benchAdmin.username],
    );
    const adminId = rows[0]?.person_id as string | undefined;
    if (!adminId) throw new Error('No benchmark data here: run `npm run bench:seed -- --persons 100000` first.');
    const today = isoDateInSwitzerland(new Date());
    const loaded = await findActor(database.db, { personId: adminId, today });
    const deps = {
      now: () => new Date(),
      personListReader: createPersonListReader(database.db),
      config: loadConfig(),
    };
    const call = (query: Record<string, string | string[]>) =>
      findPersons(deps, loaded!.actor, personListQuerySchema.parse(query));
    // The statements of a warm request, as the API sends them under load (an estimated total
    // is reused for a minute, so a repeated list is its page statement alone).
    const record = async (query: Record<string, string | string[]>) => {
      await call(query);
      return recorder.record(() => call(query));
    };

    const list = await record(options.queries.list);
    const searches: Statement[][] = [];
    for (const term of options.queries.searchTerms) searches.push(await record(options.queries.search(term)));
    options.log(`raw list SQL (${list.length} statements): ${queryString(options.queries.list)}`);
    const rawList = await runRawLoad({
      database,
      concurrency: options.connections,
      durationSeconds: options.durationSeconds,
      next: () => list,
    });
    options.log(`raw list: ${JSON.stringify(rawList)}`);
    const rawSearch = await runRawLoad({
      database,
      concurrency: options.connections,
      durationSeconds: options.durationSeconds,
      next: rotate(searches),
    });
    options.log(`raw search: ${JSON.stringify(rawSearch)}`);

    const [exportCount] = await database.db
      .select({ n: count() })
      .from(persons)
      .where(
        exportWhere({
          scope: { isAllClubs: true },
          personOptions: [],
          mentoringTypes: [],
          languageCodes: [],
          bpwCourier: [],
          isEmailRequired: false,
          today,
        }),
      );
    const { rows: sizes } = await database.raw(`
      select (select count(*) from persons)::int as persons, (select count(*) from club_relations)::int as "clubRelations",
             (select count(*) from clubs)::int as clubs, (select count(*) from addresses)::int as addresses,
             (select count(*) from events)::int as events, (select count(*) from event_registrations)::int as registrations`);
    return {
      adminId,
      counts: sizes[0] as Record<string, number>,
      exportRows: exportCount?.n ?? 0,
      rawList,
      rawSearch,
      listStatements: list.length,
    };
  } finally {
    await database.close();
  }
}
