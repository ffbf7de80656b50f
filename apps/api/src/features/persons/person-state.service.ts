import { EntityState } from '@bpw/domain/enums/entity-state';
import { type Actor, canArchivePerson, isOwnProfile } from '@bpw/domain/permissions';
import type { PersonDetail, PersonStateBody } from '@bpw/domain/schemas/person';
import { writeAuditEntry } from '../../platform/audit';
import { refuseErased, requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { conflict, forbidden } from '../../platform/errors';
import { revokeAllSessions } from '../auth/revoke-sessions.service';
import { setPersonState } from './person-write.queries';
import { getPersonById, type PersonsDeps } from './persons.service';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';

/** Admins, never on the own account (also the route's pre-check). */
export async function authorizeChangePersonState(deps: PersonsDeps, actor: Actor, id: string) {
  if (!actor.isAdmin) throw forbidden();
  const access = await requireVisiblePersonAccess(deps, actor, id);
  if (isOwnProfile(actor, access)) throw forbidden('error.ownAccountArchive');
  // An erased placeholder stays archived: reactivating it would bring back a "person" of nobody.
  refuseErased(access);
  return access;
}

/**
 * PUT person/{id}/state (spec 01 §4): admins only, never on the own account. Archiving needs no
 * relation active today, or at least one that is not external, and ends the person's sessions.
 * Setting the state the person already has changes nothing.
 */
export async function changePersonState(
  deps: PersonsDeps,
  actor: Actor,
  id: string,
  body: PersonStateBody,
): Promise<PersonDetail> {
  const access = await authorizeChangePersonState(deps, actor, id);
  const isArchiving = body.state === EntityState.Archived;
  if (isArchiving === access.isArchived) return getPersonById(deps, actor, id);
  if (isArchiving && !canArchivePerson(actor, access)) throw conflict('error.archiveOnlyExternal');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await setPersonState(tx, { id, state: body.state, actorId: actor.personId, now });
    if (isArchiving) await revokeAllSessions(tx, { personId: id, now });
    // Reactivating changes the person too: her subscribers learn it as an update.
    await recordWebhookEvent(tx, { type: isArchiving ? 'person.archived' : 'person.updated', personId: id, now });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: isArchiving ? 'archived' : 'reactivated',
      entity: 'person',
      entityId: id,
      subjectPersonId: id,
      at: now,
    });
  });
  return getPersonById(deps, actor, id);
}
