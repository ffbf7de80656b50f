import { type SQL, and, eq, gt, sql } from 'drizzle-orm';
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
  isPresentationDone: boolean;
  isCoach: boolean;
  state: number;
  primaryClubId: string | null;
  company: string | null;
  companySector: string | null;
  companyRole: string | null;
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
 * One batch of persons ordered by id after `afterId` (keyset paging: each batch is an index
 * range), in one statement: the primary address and entries are joins on the primary ids, the
 * active relations (and for allData the spoken languages and mentoring areas) are aggregated per
 * person. Clubs come as ids (their names are looked up once per export, `findClubNames`). Raw
 * rows, named in SQL: no per-field mapping for a million rows. Without parallel workers: an
 * export is a long bulk read and should not take the other cores from the requests meanwhile
 * (with them it also took longer, 70 to 115 ms a batch against 52 to 60 ms).
 */
export async function findExportBatch(
  db: DbOrTx,
  params: { where: SQL | undefined; afterId?: string; limit: number; today: string; withLists: boolean },
): Promise<ExportBatchRow[]> {
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
  const where = and(params.where, params.afterId ? gt(persons.id, params.afterId) : undefined) ?? sql`true`;
  const query = sql`
    select ${persons.id} as "id", ${persons.salutation} as "salutation", ${persons.title} as "title",
      ${persons.firstname} as "firstname", ${persons.lastname} as "lastname", ${persons.birthday}::text as "birthday",
      ${persons.languageCode} as "languageCode", ${persons.countryCode} as "countryCode",
      ${persons.employmentType} as "employmentType", ${persons.bpwCourier} as "bpwCourier",
      ${persons.advertising} as "advertising", ${persons.isProfilePublic} as "isProfilePublic",
      ${persons.isPresentationDone} as "isPresentationDone", ${persons.isCoach} as "isCoach",
      ${persons.state} as "state", ${persons.primaryClubId} as "primaryClubId",
      ${addresses.company} as "company", ${addresses.companySector} as "companySector",
      ${addresses.companyRole} as "companyRole", ${addresses.address1} as "address1",
      ${addresses.address2} as "address2", ${addresses.street} as "street", ${addresses.zip} as "zip",
      ${addresses.city} as "city", ${addresses.countryCode} as "country",
      ${addressEmails.value} as "email", ${addressPhones.value} as "phone", ${addressUrls.value} as "url",
      ${relations} as "relations" ${lists}
    from ${persons}
    left join ${addresses} on ${addresses.id} = ${persons.primaryAddressId}
    left join ${addressEmails} on ${addressEmails.id} = ${persons.primaryEmailId}
    left join ${addressPhones} on ${addressPhones.id} = ${persons.primaryPhoneId}
    left join ${addressUrls} on ${addressUrls.id} = ${persons.primaryUrlId}
    where ${where}
    order by ${persons.id}
    limit ${params.limit}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const result = await tx.execute(query);
    return (result as unknown as { rows: ExportBatchRow[] }).rows;
  });
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
