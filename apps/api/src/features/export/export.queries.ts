import { type SQL, and, eq, gt, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones, addresses, addressUrls } from '../../db/schema/addresses';
import { auditEntries, auditExportedPersons } from '../../db/schema/audit-log';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';

/** A person as the export reads her: her fields, primary address and entries, and her lists. */
export type ExportBatchRow = {
  id: string;
  salutation: number | null;
  title: number | null;
  firstname: string | null;
  lastname: string;
  birthday: string | null;
  languageCode: string;
  countryCode: string | null;
  employmentType: number | null;
  bpwCourier: number | null;
  advertising: number;
  isProfilePublic: boolean;
  /** Null once hidden from an exporter who may not see it (`hideManagerFields`), as birthday. */
  isPresentationDone: boolean | null;
  isCoach: boolean;
  state: number;
  primaryClubId: string | null;
  company: string | null;
  companySector: string | null;
  companyRole: string | null;
  mainCompetence: string | null;
  address1: string | null;
  address2: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  url: string | null;
  /** The relations active today as [club id, type]. */
  relations: [string, number][] | null;
  spokenLanguages: string[] | null;
  mentoringAreas: number[] | null;
};

/**
 * The export's statement without order or limit: the person's fields, the primary address and
 * entries joined on the primary ids, the active relations (and for allData the spoken languages
 * and mentoring areas) aggregated per person. Clubs come as ids (their names are looked up once
 * per export, `findClubNames`). Raw rows, named in SQL: no per-field mapping for a million rows.
 */
function exportSelect(params: { where: SQL | undefined; today: string; withLists: boolean }): SQL {
  const r = clubRelations;
  const relations = sql`(select json_agg(json_build_array(${r.clubId}, ${r.type}))
    from ${r}
    where ${r.personId} = ${persons.id} and ${r.from} <= ${params.today}
      and (${r.to} is null or ${r.to} >= ${params.today}))`;
  const lists = params.withLists
    ? sql`, array(select ${personSpokenLanguages.languageCode} from ${personSpokenLanguages}
          where ${personSpokenLanguages.personId} = ${persons.id} order by 1) as "spokenLanguages",
        array(select ${personMentoringAreas.personMentoringType} from ${personMentoringAreas}
          where ${personMentoringAreas.personId} = ${persons.id} order by 1) as "mentoringAreas"`
    : sql``;
  return sql`
    select ${persons.id} as "id", ${persons.salutation} as "salutation", ${persons.title} as "title",
      ${persons.firstname} as "firstname", ${persons.lastname} as "lastname", ${persons.birthday}::text as "birthday",
      ${persons.languageCode} as "languageCode", ${persons.countryCode} as "countryCode",
      ${persons.employmentType} as "employmentType", ${persons.bpwCourier} as "bpwCourier",
      ${persons.advertising} as "advertising", ${persons.isProfilePublic} as "isProfilePublic",
      ${persons.isPresentationDone} as "isPresentationDone", ${persons.isCoach} as "isCoach",
      ${persons.state} as "state", ${persons.primaryClubId} as "primaryClubId",
      ${addresses.company} as "company", ${addresses.companySector} as "companySector",
      ${addresses.companyRole} as "companyRole", ${addresses.mainCompetence} as "mainCompetence", ${addresses.address1} as "address1",
      ${addresses.address2} as "address2", ${addresses.street} as "street", ${addresses.zip} as "zip",
      ${addresses.city} as "city", ${addresses.countryCode} as "country",
      ${addressEmails.value} as "email", ${addressPhones.value} as "phone", ${addressUrls.value} as "url",
      ${relations} as "relations" ${lists}
    from ${persons}
    left join ${addresses} on ${addresses.id} = ${persons.primaryAddressId}
    left join ${addressEmails} on ${addressEmails.id} = ${persons.primaryEmailId}
    left join ${addressPhones} on ${addressPhones.id} = ${persons.primaryPhoneId}
    left join ${addressUrls} on ${addressUrls.id} = ${persons.primaryUrlId}
    where ${params.where ?? sql`true`}`;
}

type ExportReadParams = { where: SQL | undefined; today: string; withLists: boolean; batchSize: number };

/**
 * PGlite: batches ordered by id after the last id of the previous one (keyset paging: each
 * batch is an index range), each its own short statement, so the one connection serves other
 * requests in between. Without parallel workers: an export is a long bulk read and should not
 * take the other cores from the requests meanwhile.
 */
export async function* readExportBatchesById(db: DbOrTx, params: ExportReadParams): AsyncGenerator<ExportBatchRow[]> {
  let afterId: string | undefined;
  for (;;) {
    const where = and(params.where, afterId ? gt(persons.id, afterId) : undefined);
    const query = sql`${exportSelect({ ...params, where })} order by ${persons.id} limit ${params.batchSize}`;
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return ((await tx.execute(query)) as unknown as { rows: ExportBatchRow[] }).rows;
    });
    if (rows.length > 0) yield rows;
    if (rows.length < params.batchSize) return;
    afterId = rows.at(-1)!.id;
  }
}

const dialect = new PgDialect();

/** The cursor's statement as text and values: built where the export starts, run where it reads (a worker thread). */
export type ExportCursorQuery = { text: string; values: unknown[] };

export function exportCursorQuery(params: Omit<ExportReadParams, 'batchSize'>): ExportCursorQuery {
  const { sql: text, params: values } = dialect.sqlToQuery(exportSelect(params));
  return { text, values };
}

/**
 * PostgreSQL: the whole selection from one snapshot (a read-only repeatable-read transaction on
 * a connection of its own), through a cursor, in the order the table stores the rows. Ids are
 * random, so reading by id visited the table's pages in random order: 26 to 61 ms per 2,000
 * persons at a million, against 4 to 9 in stored order (docs/performance.md "Export"). One
 * snapshot also means a person changed meanwhile is exported once, as she was at the start.
 */
export async function* readExportBatchesByCursor(
  pool: pg.Pool,
  params: { query: ExportCursorQuery; batchSize: number; statementTimeoutMs: number },
): AsyncGenerator<ExportBatchRow[]> {
  const { text, values } = params.query;
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local max_parallel_workers_per_gather = 0');
    // A cursor is planned for its first tenth by default: nested loops, seven index lookups by
    // random id per person. Planned for all its rows, a large export joins by hash instead
    // (PostgreSQL's share of a million-person export: 31 s to 23 s); a small one still uses
    // the indexes. The memory lets the hash tables of a large one stay in few batches.
    await client.query('set local cursor_tuple_fraction = 1');
    await client.query(`set local work_mem = '32MB'`);
    // The first fetch of a large export builds its hash tables: longer than a request may take.
    await client.query(`set local statement_timeout = ${Math.trunc(params.statementTimeoutMs)}`);
    await client.query(`declare export_rows no scroll cursor for ${text}`, values);
    for (;;) {
      const { rows } = await client.query<ExportBatchRow>(`fetch ${params.batchSize} from export_rows`);
      if (rows.length > 0) yield rows;
      if (rows.length < params.batchSize) break;
    }
  } finally {
    // Also when the download was broken off (the generator is closed early) or a fetch failed.
    const isClean = await client.query('rollback').then(
      () => true,
      () => false,
    );
    // A connection that could not roll back is closed instead of going back to the pool.
    client.release(!isClean);
  }
}

/** Every club's name by id: read once per export, not joined into each of its batches. */
export async function findClubNames(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ id: clubs.id, name: clubs.name }).from(clubs);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Who exported what: ids and the selection, never personal data (audit_entries). */
export async function insertExportAudit(db: DbOrTx, params: { id: string; actorPersonId: string; details: object }) {
  await db.insert(auditEntries).values({
    id: params.id,
    actorPersonId: params.actorPersonId,
    action: 'exported',
    entity: 'persons',
    details: params.details,
  });
}

/** The final row count and whether the file was completed. */
export async function updateExportAudit(db: DbOrTx, params: { id: string; details: object }) {
  await db.update(auditEntries).set({ details: params.details }).where(eq(auditEntries.id, params.id));
}

/** The persons of one batch, so a person's trail shows the exports that included her. */
export async function insertExportedPersonIds(
  db: DbOrTx,
  params: { auditEntryId: string; batchNumber: number; personIds: string[] },
) {
  await db.insert(auditExportedPersons).values(params);
}
