import type { PersonDetail, PersonUpdateData, PersonSysInfo } from '@bpw/domain/schemas/person';
import { isNotInFuture } from '@bpw/domain/schemas/person';
import {
  type Actor,
  canControlAccount,
  canDeletePerson,
  canEditPerson,
  canManagePerson,
  canSeeAcceptedTerms,
  canSeePerson,
  isOwnProfile,
} from '@bpw/domain/permissions';
import type { FeatureDeps } from '../../platform/feature-deps';
import { writeAuditEntry } from '../../platform/audit';
import { type PersonAccess, toPersonAccess } from '../../platform/auth/person-access';
import { refuseErased, requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { deleteStoredFiles } from '../../platform/stored-files';
import { revokeAllSessions } from '../auth/revoke-sessions.service';
import { channelOf, recordConsentFieldChanges } from '../privacy/consent-log.service';
import { toPersonDetail } from './person-detail';
import { findPersonDetail } from './person-detail.queries';
import type { ActorCheck } from '../../platform/auth/actor-check';
import { findPersonSysInfo } from './person-sys-info.queries';
import {
  deletePersonRow,
  findConsentFields,
  findExistingPersonIds,
  findPresentationFlag,
  updatePersonRow,
} from './person-write.queries';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';

export type PersonsDeps = Pick<FeatureDeps, 'db' | 'now'>;

/**
 * GET person/{id}: birthday and presentation flag only for managers and the person herself;
 * `canControlAccount` answers the credential rule for the caller (docs/decisions/credentials.md).
 */
export async function getPersonById(
  deps: PersonsDeps,
  actor: Actor,
  id: string,
  actorCheck?: ActorCheck,
): Promise<PersonDetail> {
  // One round trip: the facts that authorise come with the person (issue 24), and with the
  // caller's own facts on a checked route (issue 20, actor-check.ts).
  const row = await findPersonDetail(deps.db, { id, today: isoDateInSwitzerland(deps.now()), actorCheck });
  if (!row) throw notFound();
  const access = toPersonAccess(row.access);
  if (!canSeePerson(actor, access)) throw notFound();
  // Issue 15: the credential rule needs her stored roles, which the web app cannot know.
  return { ...toPersonDetail(row, { actor, person: access }), canControlAccount: canControlAccount(actor, access) };
}

/**
 * PUT person/{id}: own profile or a manager (spec 01 §6). Only managers change the presentation
 * flag; the body's id, state, username and primary items are not part of the payload at all.
 */
export async function updatePerson(
  deps: PersonsDeps,
  actor: Actor,
  id: string,
  data: PersonUpdateData,
): Promise<PersonDetail> {
  const access = await authorizeUpdatePerson(deps, actor, id);
  const now = deps.now();
  if (!isNotInFuture(data.birthday, isoDateInSwitzerland(now))) {
    throw badRequest({ key: 'validation.notInFuture', params: { field: 'birthday' } });
  }
  await checkCoaches(deps, id, data);
  const isManager = canManagePerson(actor, access);
  await deps.db.transaction(async (tx) => {
    const isPresentationDone = isManager ? data.isPresentationDone : await findPresentationFlag(tx, { id });
    const before = await findConsentFields(tx, { id });
    await updatePersonRow(tx, { id, data, isPresentationDone, actorId: actor.personId, now });
    await recordWebhookEvent(tx, { type: 'person.updated', personId: id, now });
    // Issue 25: her consent log, in the same transaction as the change.
    await recordConsentFieldChanges(tx, {
      personId: id,
      before,
      after: data,
      channel: channelOf(actor.personId, id),
      actorPersonId: actor.personId,
      at: now,
    });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'person',
      entityId: id,
      subjectPersonId: id,
      at: now,
    });
  });
  return getPersonById(deps, actor, id);
}

/** Who may change the profile: the person herself or a manager (also the route's pre-check). */
export async function authorizeUpdatePerson(deps: PersonsDeps, actor: Actor, id: string): Promise<PersonAccess> {
  const access = await requireVisiblePersonAccess(deps, actor, id);
  if (!canEditPerson(actor, access)) throw forbidden();
  refuseErased(access);
  return access;
}

/** A coach is another existing person (a missing one would break the foreign key). */
async function checkCoaches(deps: PersonsDeps, id: string, data: PersonUpdateData) {
  const coaches = [data.coach1, data.coach2].filter((c): c is string => typeof c === 'string');
  const existing = await findExistingPersonIds(deps.db, { ids: coaches });
  const invalid = (['coach1', 'coach2'] as const).filter((field) => {
    const coach = data[field];
    return typeof coach === 'string' && (coach === id || !existing.has(coach));
  });
  if (invalid.length > 0)
    throw badRequest(...invalid.map((field) => ({ key: 'validation.invalid', params: { field } })));
}

/**
 * DELETE person/{id}: under the credential rule (canDeletePerson), never the own account (spec
 * 01 §2, §8); so an admin's or committee member's account only by admins. Her sessions end, her avatar and logos go with her, in one transaction.
 */
export async function deletePerson(deps: PersonsDeps, actor: Actor, id: string): Promise<void> {
  const access = await requireVisiblePersonAccess(deps, actor, id);
  if (isOwnProfile(actor, access)) throw forbidden('error.ownAccountDelete');
  // The credential rule (docs/decisions/credentials.md): an admin's account only by admins.
  if (!canDeletePerson(actor, access)) throw forbidden();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await revokeAllSessions(tx, { personId: id, now });
    const fileIds = await deletePersonRow(tx, { id });
    await deleteStoredFiles(tx, { ids: fileIds });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'deleted',
      entity: 'person',
      entityId: id,
      subjectPersonId: id,
      at: now,
      // The entry outlives her: her id and her clubs at the time, never her name.
      details: { primaryClubId: access.primaryClubId, clubIds: access.clubIds },
    });
  });
}

/**
 * GET person/{id}/sys-info: for those who may edit the person (own profile, managers, admins);
 * the accepted-terms date only for admins (spec 01 §6).
 */
export async function getPersonSysInfo(deps: PersonsDeps, actor: Actor, id: string): Promise<PersonSysInfo> {
  const access = await requireVisiblePersonAccess(deps, actor, id);
  if (!canEditPerson(actor, access)) throw forbidden();
  const row = await findPersonSysInfo(deps.db, { id });
  if (!row) throw notFound();
  const iso = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null);
  return {
    username: row.username,
    acceptedTermsAndConditionsAt: canSeeAcceptedTerms(actor) ? iso(row.acceptedTermsAt) : null,
    created: {
      at: iso(row.createdAt)!,
      by: row.createdBy,
      firstname: row.creatorFirstname,
      lastname: row.creatorLastname,
    },
    updated: {
      at: iso(row.updatedAt)!,
      by: row.updatedBy,
      firstname: row.updaterFirstname,
      lastname: row.updaterLastname,
    },
  };
}
