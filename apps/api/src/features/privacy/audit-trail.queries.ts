import { type SQL, and, arrayContains, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditEntries, auditExportedPersons } from '../../db/schema/audit-log';
import { clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

const actor = alias(persons, 'actor');

/**
 * The entries about one person: her own (subject) and the exports whose batches held her id.
 * A union of two index lookups (btree on subject, GIN on the exported ids), never a scan.
 */
function entriesAbout(db: DbOrTx, personId: string): SQL {
  const own = db.select({ id: auditEntries.id }).from(auditEntries).where(eq(auditEntries.subjectPersonId, personId));
  const exported = db
    .select({ id: auditExportedPersons.auditEntryId })
    .from(auditExportedPersons)
    .where(arrayContains(auditExportedPersons.personIds, sql`ARRAY[${personId}]::uuid[]`));
  return inArray(auditEntries.id, own.union(exported));
}

const trailColumns = {
  id: auditEntries.id,
  at: auditEntries.at,
  action: auditEntries.action,
  entity: auditEntries.entity,
  details: auditEntries.details,
  actorId: auditEntries.actorPersonId,
  actorFirstname: actor.firstname,
  actorLastname: actor.lastname,
  clubName: clubs.name,
};
export type AuditTrailRow = {
  id: string;
  at: Date;
  action: string;
  entity: string;
  details: unknown;
  actorId: string | null;
  actorFirstname: string | null;
  actorLastname: string | null;
  clubName: string | null;
};

/** A page of a person's trail, newest first (GET person/{id}/audit-entry). */
export async function findAuditTrailPage(
  db: DbOrTx,
  params: { personId: string; limit: number | undefined; offset: number },
): Promise<{ rows: AuditTrailRow[]; total: number }> {
  const where = entriesAbout(db, params.personId);
  const query = db
    .select(trailColumns)
    .from(auditEntries)
    .leftJoin(actor, eq(actor.id, auditEntries.actorPersonId))
    // Club relation entries keep the club's id in details; compared as text so odd details never fail.
    .leftJoin(clubs, sql`${clubs.id}::text = ${auditEntries.details}->>'clubId'`)
    .where(where)
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .offset(params.offset);
  const [rows, [counted]] = await Promise.all([
    params.limit === undefined ? query : query.limit(params.limit),
    db.select({ total: count() }).from(auditEntries).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The same trail in batches for the own-data download, newest first, by keyset on (at, id) so
 * a long trail is read in constant memory.
 */
export async function findAuditTrailBatch(
  db: DbOrTx,
  params: { personId: string; before?: { at: Date; id: string }; limit: number },
): Promise<AuditTrailRow[]> {
  const { before } = params;
  return db
    .select(trailColumns)
    .from(auditEntries)
    .leftJoin(actor, eq(actor.id, auditEntries.actorPersonId))
    .leftJoin(clubs, sql`${clubs.id}::text = ${auditEntries.details}->>'clubId'`)
    .where(
      and(
        entriesAbout(db, params.personId),
        before
          ? or(lt(auditEntries.at, before.at), and(eq(auditEntries.at, before.at), lt(auditEntries.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(params.limit);
}
