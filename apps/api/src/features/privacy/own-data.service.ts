import { Readable } from 'node:stream';
import { type Actor, rolesOf } from '@bpw/domain/actor';
import type { FeatureDeps } from '../../platform/feature-deps';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { notFound } from '../../platform/errors';
import { findAuditTrailBatch } from './audit-trail.queries';
import { toAuditTrailEntry } from './audit-trail.service';
import { findConsentLogBatch } from './consent-log.queries';
import { toConsentLogEntry } from './consent-log.service';
import { inBatches, jsonArray, jsonObject } from './json-stream';
import { findOwnPrivacyRequests } from './own-privacy-requests';
import {
  findCustomValues,
  findOwnNotifications,
  findOwnRegistrations,
  findOwnSessions,
} from './own-data-batches.queries';
import {
  findOwnAccount,
  findOwnAddresses,
  findOwnClubRelations,
  findOwnFiles,
  findOwnLists,
  findOwnPerson,
  findOwnSubscriptions,
} from './own-data.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;
export const OWN_DATA_BATCH_SIZE = 500;
export const OWN_DATA_FORMAT = 'bpw-own-data';
export const OWN_DATA_VERSION = 1;

/**
 * GET person/me/data (revFADP right of access, docs/decisions/own-data.md): everything stored
 * about the signed-in person as one JSON document. The small parts are read first (so a refusal
 * is still problem+json); the long lists follow in keyset batches while the file is written.
 * The download itself is recorded on her trail.
 */
export async function startOwnDataDownload(deps: Deps, actor: Actor): Promise<{ fileName: string; stream: Readable }> {
  const { db } = deps;
  const personId = actor.personId;
  const own = await findOwnPerson(db, { personId });
  if (!own) throw notFound();
  const now = deps.now();
  const [lists, account, addresses, clubRelations, subscriptions, privacyRequests] = await Promise.all([
    findOwnLists(db, { personId }),
    findOwnAccount(db, { personId }),
    findOwnAddresses(db, { personId }),
    findOwnClubRelations(db, { personId }),
    findOwnSubscriptions(db, { personId }),
    findOwnPrivacyRequests(db, { personId }),
  ]);
  const fileIds = [own.person.avatarId, ...addresses.map((a) => a.competenceLogoId)].filter(
    (id): id is string => id !== null,
  );
  const files = await findOwnFiles(db, { fileIds });
  await writeAuditEntry(db, {
    actorPersonId: personId,
    action: 'exported',
    entity: 'person',
    entityId: personId,
    subjectPersonId: personId,
    at: now,
  });

  const size = OWN_DATA_BATCH_SIZE;
  const document = jsonObject([
    ['format', OWN_DATA_FORMAT],
    ['version', OWN_DATA_VERSION],
    ['generatedAt', now],
    [
      'person',
      {
        ...own.person,
        primaryClub: own.primaryClub?.id ? own.primaryClub : null,
        coach1: own.coach1?.id ? own.coach1 : null,
        coach2: own.coach2?.id ? own.coach2 : null,
        ...lists,
      },
    ],
    ['account', account.account],
    ['passwordLinks', account.passwordLinks],
    ['roles', rolesOf(actor)],
    ['addresses', addresses],
    ['clubRelations', clubRelations],
    ['notificationSubscriptions', subscriptions.map((s) => ({ ...s, club: s.club?.id ? s.club : null }))],
    ['files', files],
    [
      'sessions',
      () =>
        jsonArray(
          inBatches(
            (after) => findOwnSessions(db, { personId, after, limit: size }),
            (row) => ({ at: row.createdAt, id: row.id }),
            size,
          ),
          (row) => row,
        ),
    ],
    [
      'notifications',
      () =>
        jsonArray(
          inBatches(
            (after) => findOwnNotifications(db, { personId, after, limit: size }),
            (row) => ({ at: row.createdAt, id: row.id }),
            size,
          ),
          (row) => row,
        ),
    ],
    ['eventRegistrations', () => jsonArray(registrationBatches(deps, personId), (row) => row)],
    [
      'auditEntries',
      () =>
        jsonArray(
          inBatches(
            (before) => findAuditTrailBatch(db, { personId, before, limit: size }),
            (row) => ({ at: row.at, id: row.id }),
            size,
          ),
          toAuditTrailEntry,
        ),
    ],
    [
      // Issue 25: every change of her advertising consent, profile visibility and terms.
      'consentLog',
      () =>
        jsonArray(
          inBatches(
            (before) => findConsentLogBatch(db, { personId, before, limit: size }),
            (row) => ({ at: row.at, id: row.id }),
            size,
          ),
          toConsentLogEntry,
        ),
    ],
    // Issue 25: her leave and erasure requests, pending and decided.
    ['leaveRequests', privacyRequests.leaveRequests],
    ['erasureRequests', privacyRequests.erasureRequests],
  ]);
  return {
    fileName: `bpw-my-data-${isoDateInSwitzerland(now)}.json`,
    stream: Readable.from(document),
  };
}

/** Her registrations in batches, each with its custom field answers (one more query per batch). */
async function* registrationBatches(deps: Deps, personId: string) {
  const size = OWN_DATA_BATCH_SIZE;
  const batches = inBatches(
    (after) => findOwnRegistrations(deps.db, { personId, after, limit: size }),
    (row) => ({ at: row.registeredAt, id: row.id }),
    size,
  );
  for await (const batch of batches) {
    const values = await findCustomValues(deps.db, { registrationIds: batch.map((r) => r.id) });
    yield batch.map((registration) => ({
      ...registration,
      customValues: values
        .filter((v) => v.registrationId === registration.id)
        .map(({ field, type, value }) => ({ field, type, value })),
    }));
  }
}
