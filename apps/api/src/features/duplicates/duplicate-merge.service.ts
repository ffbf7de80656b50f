import { type Actor, canManagePerson, canMergePersons, isOwnProfile } from '@bpw/domain/permissions';
import type { DuplicateComparison, MergeData, MergeField, MergeResult } from '@bpw/domain/schemas/duplicate';
import { writeAuditEntry } from '../../platform/audit';
import { requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { conflict, forbidden } from '../../platform/errors';
import { deleteStoredFiles } from '../../platform/stored-files';
import { getPersonById } from '../persons/persons.service';
import {
  countMovables,
  countSharedEvents,
  deletePerson,
  joinLanguagesAndAreas,
  lockPersons,
  type MergePersonRow,
  mergeAccounts,
  moveClubRelations,
  moveCoachReferences,
  moveContactEntries,
  moveNotifications,
  moveOtherReferences,
  moveRegistrations,
  moveTrailAndPointers,
  releasePrimaryItems,
  updateSurvivor,
} from './duplicate-merge.queries';
import { moveConsentLog, recordConsentFieldChanges } from '../privacy/consent-log.service';
import { queuePersons } from './duplicate-scan.queries';
import { authorizeDuplicates, type DuplicatesDeps } from './duplicates.service';

/** The column of each field chosen one by one. */
const columnOf: Record<MergeField, keyof MergePersonRow> = {
  salutation: 'salutation',
  title: 'title',
  firstname: 'firstname',
  lastname: 'lastname',
  birthday: 'birthday',
  languageCode: 'language_code',
  countryCode: 'country_code',
  isProfilePublic: 'is_profile_public',
  isPresentationDone: 'is_presentation_done',
  isCoach: 'is_coach',
  employmentType: 'employment_type',
  bpwCourier: 'bpw_courier',
  advertising: 'advertising',
  coach1: 'coach1_id',
  coach2: 'coach2_id',
  primaryClubId: 'primary_club_id',
  avatarId: 'avatar_id',
};
const primaryItems = ['primary_address_id', 'primary_email_id', 'primary_phone_id', 'primary_url_id'] as const;

/** GET duplicate/comparison: both persons side by side, with what a merge would move. */
export async function getDuplicateComparison(
  deps: DuplicatesDeps,
  actor: Actor,
  personIds: readonly string[],
): Promise<DuplicateComparison> {
  authorizeDuplicates(actor);
  for (const id of personIds) {
    const access = await requireVisiblePersonAccess(deps, actor, id);
    if (!canManagePerson(actor, access)) throw forbidden();
  }
  const persons = [];
  for (const id of personIds) {
    persons.push({ person: await getPersonById(deps, actor, id), ...(await countMovables(deps.db, { personId: id })) });
  }
  const sharedEvents = await countSharedEvents(deps.db, { personIds: [personIds[0]!, personIds[1]!] });
  return { persons, sharedEvents };
}

/** The route's pre-check: who may merge at all (the persons are the body's). */
export const authorizeMerge = authorizeDuplicates;

/**
 * POST duplicate/merge (issue 16): in one transaction, the survivor takes the chosen values, the
 * merged person's addresses, contact entries, club relations, registrations, notifications,
 * subscriptions, account and trail; the merged person is deleted and her id points to the survivor.
 */
export async function mergePersons(deps: DuplicatesDeps, actor: Actor, data: MergeData): Promise<MergeResult> {
  authorizeDuplicates(actor);
  const { survivorId, mergedId } = data;
  const survivorAccess = await requireVisiblePersonAccess(deps, actor, survivorId);
  const mergedAccess = await requireVisiblePersonAccess(deps, actor, mergedId);
  if (!canMergePersons(actor, survivorAccess, mergedAccess)) {
    throw forbidden(isOwnProfile(actor, mergedAccess) ? 'error.mergeOwnAccount' : undefined);
  }
  const now = deps.now();
  const pair = { survivorId, mergedId };
  await deps.db.transaction(async (tx) => {
    const rows = await lockPersons(tx, [survivorId, mergedId]);
    const survivor = rows.find((r) => r.id === survivorId);
    const merged = rows.find((r) => r.id === mergedId);
    if (!survivor || !merged) throw conflict('error.mergePersonGone');
    const values = chosenValues(survivor, merged, data.fields);
    const unusedAvatar = values.avatar_id === survivor.avatar_id ? merged.avatar_id : survivor.avatar_id;

    await releasePrimaryItems(tx, pair);
    await moveContactEntries(tx, pair);
    await moveClubRelations(tx, pair);
    const withdrawn = await moveRegistrations(tx, { ...pair, now });
    await moveNotifications(tx, pair);
    await joinLanguagesAndAreas(tx, pair);
    const account = await mergeAccounts(tx, pair);
    await moveCoachReferences(tx, pair);
    const others = await moveOtherReferences(tx, pair);
    await moveTrailAndPointers(tx, { ...pair, actorId: actor.personId, now });
    await updateSurvivor(tx, { survivorId, values, actorId: actor.personId, now });
    // Issue 25: her consent history goes with her; a consent value taken from the merged person
    // is a change of the survivor's consent, made by the manager who merges.
    await moveConsentLog(tx, { fromPersonId: mergedId, toPersonId: survivorId });
    await recordConsentFieldChanges(tx, {
      personId: survivorId,
      before: { advertising: survivor.advertising, isProfilePublic: survivor.is_profile_public },
      after: { advertising: values.advertising as number, isProfilePublic: values.is_profile_public as boolean },
      channel: 'manager',
      actorPersonId: actor.personId,
      at: now,
    });
    await deletePerson(tx, { id: mergedId });
    if (unusedAvatar !== values.avatar_id) await deleteStoredFiles(tx, { ids: [unusedAvatar] });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'merged',
      entity: 'person',
      entityId: survivorId,
      subjectPersonId: survivorId,
      at: now,
      // Ids and field names only, never the values (docs/decisions/audit-trail.md).
      details: {
        mergedPersonId: mergedId,
        fieldsFromMerged: Object.entries(data.fields)
          .filter(([, side]) => side === 'merged')
          .map(([field]) => field),
        account,
        withdrawnRegistrations: withdrawn,
        otherReferencesMoved: others,
      },
    });
    await queuePersons(tx, { ids: [survivorId] });
  });
  return { survivorId };
}

/** The survivor's new values: each chosen field, and her primary items where she had none. */
function chosenValues(survivor: MergePersonRow, merged: MergePersonRow, fields: MergeData['fields']) {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columnOf) as Array<[MergeField, keyof MergePersonRow]>) {
    let value = fields[field] === 'merged' ? merged[column] : survivor[column];
    // Nobody coaches herself: a coach that was one of the two becomes none.
    if ((field === 'coach1' || field === 'coach2') && (value === survivor.id || value === merged.id)) value = null;
    values[column] = value;
  }
  for (const column of primaryItems) values[column] = survivor[column] ?? merged[column];
  return values;
}
