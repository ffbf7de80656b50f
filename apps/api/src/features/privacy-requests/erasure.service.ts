import { NotificationType } from '@bpw/domain/enums/notification';
import type { Actor } from '@bpw/domain/permissions';
import type {
  ErasureRequestBody,
  ErasureRequestList,
  ErasureRequestListQuery,
  OwnErasureRequest,
  PrivacyDeclineBody,
} from '@bpw/domain/schemas/privacy-request';
import type { Tx } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { findPersonAccess } from '../../platform/auth/person-access';
import { findAdminIds } from '../../platform/auth/role-holders.queries';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { verifyOwnPassword } from '../auth/password.service';
import { withNotifications } from '../notifications/notify.service';
import { erasePersonData, lockPersonToErase } from './erasure.queries';
import {
  deleteErasureRequest,
  findErasureRequest,
  findErasureRequests,
  insertErasureRequest,
} from './privacy-requests.queries';

/**
 * Erasure on request (issue 25, docs/decisions/erasure.md): she asks, confirming with her
 * password; an admin executes or declines. The same `erasePerson` runs for the retention job.
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'realtime'>;

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const nameOf = (p: { firstname: string | null; lastname: string }) =>
  [p.firstname, p.lastname].filter((x) => x && x.trim().length > 0).join(' ');

/**
 * Erases one person in the caller's transaction: her personal data removed or anonymised, an
 * audit entry of the erasure (her clubs at the time as ids). False when she was erased already
 * (a job resumed, two admins at once): nothing is done twice.
 */
export async function erasePerson(
  tx: Tx,
  params: { personId: string; actorId: string; now: Date; via: 'request' | 'retention' },
): Promise<boolean> {
  const person = await lockPersonToErase(tx, { personId: params.personId });
  if (!person || person.isErased) return false;
  const access = await findPersonAccess(tx, { personId: params.personId, today: isoDateInSwitzerland(params.now) });
  const result = await erasePersonData(tx, {
    personId: params.personId,
    actorId: params.actorId,
    now: params.now,
  });
  await writeAuditEntry(tx, {
    actorPersonId: params.actorId,
    action: 'erased',
    entity: 'person',
    entityId: params.personId,
    subjectPersonId: params.personId,
    at: params.now,
    details: {
      via: params.via,
      primaryClubId: access?.primaryClubId ?? null,
      clubIds: access?.clubIds ?? [],
      registrations: result.registrationCount,
    },
  });
  return true;
}

/** GET person/me/erasure-request. */
export async function getOwnErasureRequest(deps: Deps, actor: Actor): Promise<OwnErasureRequest> {
  const row = await findErasureRequest(deps.db, { personId: actor.personId });
  return { requestedAt: row ? iso(row.createdAt) : null };
}

/**
 * POST person/me/erasure-request: she confirms with her password (a wrong one counts like a
 * failed sign-in); the admins get a notification and a mail.
 */
export async function requestErasure(deps: Deps, actor: Actor, body: ErasureRequestBody): Promise<OwnErasureRequest> {
  const account = await verifyOwnPassword(deps, { personId: actor.personId, password: body.password });
  const now = deps.now();
  await withNotifications(deps, async (tx, notify) => {
    if (!(await insertErasureRequest(tx, { personId: actor.personId, now }))) {
      throw conflict('error.erasureRequestExists');
    }
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'requested',
      entity: 'erasureRequest',
      entityId: actor.personId,
      subjectPersonId: actor.personId,
      at: now,
    });
    await notify.persons({
      personIds: (await findAdminIds(tx)).filter((id) => id !== actor.personId),
      type: NotificationType.ErasureRequested,
      text: { params: { name: nameOf(account) } },
      link: `${deps.config.publicUrl}/privacy-requests`,
      isEmailByDefault: true,
      aboutId: actor.personId,
    });
  });
  return { requestedAt: iso(now) };
}

/** DELETE person/me/erasure-request: she withdraws it. */
export async function withdrawErasureRequest(deps: Deps, actor: Actor): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await deleteErasureRequest(tx, { personId: actor.personId }))) throw notFound();
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'withdrawn',
      entity: 'erasureRequest',
      entityId: actor.personId,
      subjectPersonId: actor.personId,
      at: now,
    });
  });
}

/** GET erasure-request: admins; oldest first. */
export async function listErasureRequests(
  deps: Deps,
  actor: Actor,
  query: ErasureRequestListQuery,
): Promise<ErasureRequestList> {
  if (!actor.isAdmin) throw forbidden();
  const page = await findErasureRequests(deps.db, {
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return {
    items: page.items.map((r) => ({
      personId: r.personId,
      firstname: r.firstname,
      lastname: r.lastname,
      requestedAt: iso(r.createdAt),
    })),
    total: page.total,
  };
}

/** The routes' pre-check: admins, and a request that exists. */
export async function authorizeErasureDecision(deps: Pick<Deps, 'db'>, actor: Actor, personId: string) {
  if (!actor.isAdmin) throw forbidden();
  if (!(await findErasureRequest(deps.db, { personId }))) throw notFound();
}

/**
 * PUT erasure-request/{personId}/execute: an admin erases her, in one transaction. Never her own
 * account, never an admin's (the rights go first: the association must not lose its last admin
 * by accident).
 */
export async function executeErasure(deps: Deps, actor: Actor, personId: string): Promise<void> {
  await authorizeErasureDecision(deps, actor, personId);
  if (personId === actor.personId) throw forbidden('error.erasureOwnAccount');
  if ((await findAdminIds(deps.db)).includes(personId)) throw conflict('error.erasureOfAdmin');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await findErasureRequest(tx, { personId }))) throw notFound();
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'confirmed',
      entity: 'erasureRequest',
      entityId: personId,
      subjectPersonId: personId,
      at: now,
    });
    await erasePerson(tx, { personId, actorId: actor.personId, now, via: 'request' });
  });
}

/** PUT erasure-request/{personId}/decline: she receives the reason in her language. */
export async function declineErasure(
  deps: Deps,
  actor: Actor,
  personId: string,
  body: PrivacyDeclineBody,
): Promise<void> {
  await authorizeErasureDecision(deps, actor, personId);
  const now = deps.now();
  await withNotifications(deps, async (tx, notify) => {
    if (!(await deleteErasureRequest(tx, { personId }))) throw notFound();
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'declined',
      entity: 'erasureRequest',
      entityId: personId,
      subjectPersonId: personId,
      at: now,
    });
    await notify.persons({
      personIds: [personId],
      type: NotificationType.ErasureRequestDeclined,
      text: { params: { reason: body.reason } },
      link: `${deps.config.publicUrl}/me`,
      isEmailByDefault: true,
    });
  });
}
