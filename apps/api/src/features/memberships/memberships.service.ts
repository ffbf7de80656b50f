import { isRelationActiveOn } from '@bpw/domain/actor';
import { type Actor, canCreatePerson, canManageClubRelationsOf } from '@bpw/domain/permissions';
import type {
  ClubRelationCreateData,
  ClubRelationUpdateData,
  PersonClubRelation,
} from '@bpw/domain/schemas/membership';
import type { FeatureDeps } from '../../platform/feature-deps';
import { writeAuditEntry } from '../../platform/audit';
import { findPersonAccess } from '../../platform/auth/person-access';
import { refuseErased, requirePersonAccess, requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import {
  deleteRelation,
  findClub,
  findRelation,
  findRelationsOfPerson,
  insertRelation,
  updateRelationDates,
} from './memberships.queries';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';

type MembershipsDeps = Pick<FeatureDeps, 'db' | 'now'>;

/** The club and type stay in the entry so the person's trail can name them after the relation is gone. */
const audit = (
  actor: Actor,
  action: 'created' | 'updated' | 'deleted',
  relation: { id: string; personId: string; clubId: string; type: number },
  now: Date,
) => ({
  actorPersonId: actor.personId,
  action,
  entity: 'clubRelation',
  entityId: relation.id,
  subjectPersonId: relation.personId,
  at: now,
  details: { clubId: relation.clubId, type: relation.type },
});

async function relationItem(deps: MembershipsDeps, personId: string, relationId: string) {
  const [item] = await findRelationsOfPerson(deps.db, { personId, relationId });
  if (!item) throw notFound();
  return item;
}

/** GET person/{id}/club: whoever may see the person (spec 01 §2 "clubs" tab). */
export async function listClubsOfPerson(deps: MembershipsDeps, actor: Actor, personId: string) {
  await requireVisiblePersonAccess(deps, actor, personId);
  return findRelationsOfPerson(deps.db, { personId });
}

/**
 * Assigning to clubs at all: admins and club managers (the ability table's createPerson), the
 * pre-check of POST person/{id}/club; which club, the body says.
 */
export async function authorizeRelationWrites(actor: Actor): Promise<void> {
  if (!canCreatePerson(actor)) throw forbidden();
}

/**
 * POST person/{id}/club (spec 01 §2, §4, §6): admins in any club, club managers in the clubs
 * they manage; never for an archived person.
 */
export async function addClubRelation(
  deps: MembershipsDeps,
  actor: Actor,
  personId: string,
  data: ClubRelationCreateData,
): Promise<PersonClubRelation> {
  await authorizeRelationWrites(actor);
  if (!canManageClubRelationsOf(actor, data.clubId)) throw forbidden();
  const person = await requireVisiblePersonAccess(deps, actor, personId);
  refuseErased(person);
  if (person.isArchived) throw conflict('error.personArchived');
  if (!(await findClub(deps.db, { id: data.clubId }))) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'clubId' } });
  }
  const now = deps.now();
  const relationId = await deps.db.transaction(async (tx) => {
    const id = await insertRelation(tx, {
      personId,
      clubId: data.clubId,
      type: data.type,
      membershipTypeLabel: data.membershipTypeLabel ?? null,
      from: data.from,
      to: data.to,
      actorId: actor.personId,
      now,
    });
    await writeAuditEntry(tx, audit(actor, 'created', { id, personId, clubId: data.clubId, type: data.type }, now));
    await recordWebhookEvent(tx, { type: 'membership.changed', personId, clubId: data.clubId, now });
    return id;
  });
  return relationItem(deps, personId, relationId);
}

/** The relation, 404 unless it belongs to the person; 403 unless the actor manages its club. */
/** The relation, when the caller manages its club (also the pre-check of PUT person/{id}/club/{id}). */
export async function requireManagedRelation(
  deps: MembershipsDeps,
  actor: Actor,
  personId: string,
  relationId: string,
) {
  const relation = await findRelation(deps.db, { personId, relationId });
  if (!relation) throw notFound();
  if (!canManageClubRelationsOf(actor, relation.clubId)) throw forbidden();
  return relation;
}

/** PUT person/{personId}/club/{id}: only from and to; an archived person's inactive relations stay. */
export async function changeClubRelationDates(
  deps: MembershipsDeps,
  actor: Actor,
  params: { personId: string; relationId: string },
  data: ClubRelationUpdateData,
): Promise<PersonClubRelation> {
  const relation = await requireManagedRelation(deps, actor, params.personId, params.relationId);
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const person = await findPersonAccess(deps.db, { personId: params.personId, today });
  if (!person) throw notFound();
  refuseErased(person);
  if (person.isArchived && !isRelationActiveOn(relation, today)) throw conflict('error.inactiveRelationOfArchived');
  await deps.db.transaction(async (tx) => {
    await updateRelationDates(tx, { ...params, from: data.from, to: data.to, actorId: actor.personId, now });
    await writeAuditEntry(tx, audit(actor, 'updated', relation, now));
    await recordWebhookEvent(tx, {
      type: 'membership.changed',
      personId: params.personId,
      clubId: relation.clubId,
      now,
    });
  });
  return relationItem(deps, params.personId, params.relationId);
}

/** DELETE person/{id}/club/{relationId}: the managers of that club and admins (spec 01 §6). */
export async function removeClubRelation(
  deps: MembershipsDeps,
  actor: Actor,
  params: { personId: string; relationId: string },
): Promise<void> {
  const relation = await requireManagedRelation(deps, actor, params.personId, params.relationId);
  // Her memberships keep their dates after an erasure: the club statistics count them.
  refuseErased(await requirePersonAccess(deps, params.personId));
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await deleteRelation(tx, { ...params, clubId: relation.clubId });
    await writeAuditEntry(tx, audit(actor, 'deleted', relation, now));
    await recordWebhookEvent(tx, {
      type: 'membership.changed',
      personId: params.personId,
      clubId: relation.clubId,
      now,
    });
  });
}
