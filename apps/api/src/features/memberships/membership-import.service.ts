import type { Actor } from '@bpw/domain/permissions';
import type { Tx } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { findRelationsOfPerson, insertRelation, updateRelationDates } from './memberships.queries';

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
 * The membership side of a spreadsheet import (issue 16), in the row's transaction: a relation of
 * the same club and type starting the same day (or, without a start, the current one) is the
 * row's; its end is changed when the row names another. Answers what happened.
 */
export async function saveImportedMembership(
  tx: Tx,
  params: { actor: Actor; personId: string; membership: ImportedMembership; today: string; now: Date },
): Promise<'created' | 'updated' | 'unchanged'> {
  const { actor, personId, membership: m, now } = params;
  const relations = (await findRelationsOfPerson(tx, { personId })).filter(
    (r) => r.clubId === m.clubId && r.type === m.type,
  );
  const same =
    m.from !== null
      ? relations.find((r) => r.from === m.from)
      : (relations.find((r) => r.from <= params.today && (r.to === null || r.to >= params.today)) ?? relations[0]);
  const auditOf = (action: 'created' | 'updated', id: string) => ({
    actorPersonId: actor.personId,
    action,
    entity: 'clubRelation',
    entityId: id,
    subjectPersonId: personId,
    at: now,
    details: { clubId: m.clubId, type: m.type, via: 'import' },
  });
  if (same) {
    if (m.to === undefined || m.to === same.to) return 'unchanged';
    await updateRelationDates(tx, {
      personId,
      relationId: same.id,
      from: same.from,
      to: m.to,
      actorId: actor.personId,
      now,
    });
    await writeAuditEntry(tx, auditOf('updated', same.id));
    return 'updated';
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
  await writeAuditEntry(tx, auditOf('created', id));
  return 'created';
}
