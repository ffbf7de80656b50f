import type { Actor } from '@bpw/domain/permissions';
import type { Tx } from '../../db/client';
import type { SQL } from 'drizzle-orm';
import type { AuditEntryParams } from '../../platform/audit';
import { type ImportRelation, relationsJsonOf } from './membership-import.queries';
import { insertRelation, insertRelationRows, updateRelationDates } from './memberships.queries';

export type { ImportRelation };
/** The person's relations as JSON, read with her other data in the import's one statement. */
export const importRelationsJsonOf = (personId: SQL) => relationsJsonOf(personId);

export type ImportedMembership = {
  clubId: string;
  type: number;
  membershipTypeLabel: string | null;
  /** Null: the row gives no start; a new relation starts today, an existing one keeps its start. */
  from: string | null;
  /** Undefined: the row gives no end (an existing one is kept). */
  to: string | null | undefined;
};

/**
 * The membership side of a spreadsheet import (issue 16), in the row's savepoint: a relation of
 * the same club and type starting the same day (or, without a start, the current one) is the
 * row's; its end is changed when the row names another. `stored` are the person's relations as
 * the import read them. Answers what happened and the audit entry, which the import writes with
 * those of its other rows.
 */
export async function saveImportedMembership(
  tx: Tx,
  params: {
    actor: Actor;
    personId: string;
    membership: ImportedMembership;
    stored: readonly ImportRelation[];
    today: string;
    now: Date;
  },
): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; audit: AuditEntryParams[] }> {
  const { actor, personId, membership: m, now } = params;
  const relations = params.stored.filter((r) => r.clubId === m.clubId && r.type === m.type);
  const same =
    m.from !== null
      ? relations.find((r) => r.from === m.from)
      : (relations.find((r) => r.from <= params.today && (r.to === null || r.to >= params.today)) ?? relations[0]);
  const auditOf = (action: 'created' | 'updated', id: string) =>
    importedMembershipAudit({ actor, personId, now, clubId: m.clubId, type: m.type }, action, id);
  if (same) {
    if (m.to === undefined || m.to === same.to) return { outcome: 'unchanged', audit: [] };
    await updateRelationDates(tx, {
      personId,
      relationId: same.id,
      from: same.from,
      to: m.to,
      actorId: actor.personId,
      now,
    });
    return { outcome: 'updated', audit: [auditOf('updated', same.id)] };
  }
  const id = await insertRelation(tx, {
    personId,
    clubId: m.clubId,
    type: m.type,
    membershipTypeLabel: m.membershipTypeLabel,
    from: m.from ?? params.today,
    to: m.to ?? null,
    actorId: actor.personId,
    now,
  });
  return { outcome: 'created', audit: [auditOf('created', id)] };
}

/** The new relations of an import batch in one insert (ids chosen by the import). */
export const insertImportedRelations = insertRelationRows;

/** The audit entry of a relation the import created or changed. */
export const importedMembershipAudit = (
  params: { actor: Actor; personId: string; now: Date; clubId: string; type: number },
  action: 'created' | 'updated',
  id: string,
): AuditEntryParams => ({
  actorPersonId: params.actor.personId,
  action,
  entity: 'clubRelation',
  entityId: id,
  subjectPersonId: params.personId,
  at: params.now,
  details: { clubId: params.clubId, type: params.type, via: 'import' },
});
