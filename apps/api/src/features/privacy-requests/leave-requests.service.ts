import { NotificationType } from '@bpw/domain/enums/notification';
import { type Actor, canManageClub } from '@bpw/domain/permissions';
import {
  type LeaveConfirmBody,
  type LeaveRequest,
  type LeaveRequestList,
  type LeaveRequestListQuery,
  type PrivacyDeclineBody,
  defaultLeaveEnd,
  type leaveRequestBodySchema,
} from '@bpw/domain/schemas/privacy-request';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { writeAuditEntries, writeAuditEntry } from '../../platform/audit';
import { findClubManagerIds } from '../../platform/auth/role-holders.queries';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { withNotifications } from '../notifications/notify.service';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';
import {
  type LeaveRequestRow,
  deleteLeaveRequest,
  endRelation,
  findClubName,
  findCurrentMemberRelations,
  findLeaveRequest,
  findLeaveRequestsOfClub,
  findLeaveRequestsOfPerson,
  insertLeaveRequest,
  lockLeaveRequest,
} from './privacy-requests.queries';

/**
 * Leaving a club (issue 25, docs/decisions/erasure.md): she asks on her page, the club's
 * database managers (and admins) confirm (her memberships of the club end on the day) or
 * decline (she receives the reason in her language); she can withdraw a pending request.
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'realtime'>;

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
/** The day as the Swiss languages write it (the mails and notifications). */
const swissDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

const toApi = (row: LeaveRequestRow): LeaveRequest => ({
  id: row.id,
  personId: row.personId,
  firstname: row.firstname,
  lastname: row.lastname,
  clubId: row.clubId,
  clubName: row.clubName,
  message: row.message,
  wishedEnd: row.wishedEnd,
  createdAt: iso(row.createdAt),
});

const audit = (
  actor: Actor,
  action: 'requested' | 'withdrawn' | 'confirmed' | 'declined',
  row: LeaveRequestRow,
  now: Date,
) => ({
  actorPersonId: actor.personId,
  action,
  entity: 'leaveRequest',
  entityId: row.id,
  subjectPersonId: row.personId,
  at: now,
  details: { clubId: row.clubId },
});

/** GET person/me/leave-request: her pending requests (one per club at most). */
export async function listOwnLeaveRequests(deps: Deps, actor: Actor): Promise<LeaveRequestList> {
  const rows = await findLeaveRequestsOfPerson(deps.db, { personId: actor.personId });
  return { items: rows.map(toApi), total: rows.length };
}

/**
 * POST person/me/leave-request: a club she is a member of today (or from a later day); the end
 * she wishes (default: the end of the current year), not before today. The club's database
 * managers get a notification and a mail.
 */
export async function requestLeave(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof leaveRequestBodySchema>,
): Promise<LeaveRequest> {
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const wishedEnd = body.wishedEnd ?? defaultLeaveEnd(today);
  if (wishedEnd < today) throw badRequest({ key: 'validation.invalid', params: { field: 'wishedEnd' } });
  const clubName = await findClubName(deps.db, { clubId: body.clubId });
  if (clubName === undefined) throw notFound();
  const id = await withNotifications(deps, async (tx, notify) => {
    const relations = await findCurrentMemberRelations(tx, {
      personId: actor.personId,
      clubId: body.clubId,
      day: today,
    });
    if (relations.length === 0) throw conflict('error.leaveRequestNoMembership');
    const inserted = await insertLeaveRequest(tx, {
      personId: actor.personId,
      clubId: body.clubId,
      message: body.message ?? null,
      wishedEnd,
      now,
    });
    if (!inserted) throw conflict('error.leaveRequestExists');
    const row = (await findLeaveRequest(tx, { id: inserted }))!;
    await writeAuditEntry(tx, audit(actor, 'requested', row, now));
    await notify.persons({
      personIds: await findClubManagerIds(tx, { clubId: body.clubId, today }),
      clubId: body.clubId,
      type: NotificationType.LeaveRequestReceived,
      text: {
        params: {
          name: [row.firstname, row.lastname].filter(Boolean).join(' '),
          club: clubName,
          date: swissDate(wishedEnd),
        },
      },
      link: `${deps.config.publicUrl}/clubs/${body.clubId}`,
      isEmailByDefault: true,
      aboutId: actor.personId,
    });
    return inserted;
  });
  return toApi((await findLeaveRequest(deps.db, { id }))!);
}

/** DELETE person/me/leave-request/{id}: her own pending request only (another's is unknown: 404). */
export async function withdrawLeaveRequest(deps: Deps, actor: Actor, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockLeaveRequest(tx, { id });
    if (!row || row.personId !== actor.personId) throw notFound();
    await deleteLeaveRequest(tx, { id });
    await writeAuditEntry(tx, audit(actor, 'withdrawn', row, now));
  });
}

/** GET club/{id}/leave-request: the club's managers and admins, oldest first. */
export async function listClubLeaveRequests(
  deps: Deps,
  actor: Actor,
  clubId: string,
  query: LeaveRequestListQuery,
): Promise<LeaveRequestList> {
  if (!canManageClub(actor, clubId)) throw forbidden();
  if ((await findClubName(deps.db, { clubId })) === undefined) throw notFound();
  const page = await findLeaveRequestsOfClub(deps.db, {
    clubId,
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return { items: page.items.map(toApi), total: page.total };
}

/** The routes' pre-check: the request exists and the caller manages its club. */
export async function authorizeLeaveDecision(deps: Pick<Deps, 'db'>, actor: Actor, id: string) {
  const row = await findLeaveRequest(deps.db, { id });
  if (!row) throw notFound();
  if (!canManageClub(actor, row.clubId)) throw forbidden();
}

async function requestToDecide(tx: Tx, actor: Actor, id: string) {
  const row = await lockLeaveRequest(tx, { id });
  if (!row) throw notFound();
  if (!canManageClub(actor, row.clubId)) throw forbidden();
  return row;
}

/**
 * PUT leave-request/{id}/confirm: her member relations with the club that are open or end later
 * end on the day (default: the one she wished); each change is on her trail and goes to the
 * webhooks as a membership change. She gets a notification and a mail.
 */
export async function confirmLeave(deps: Deps, actor: Actor, id: string, body: LeaveConfirmBody): Promise<void> {
  const now = deps.now();
  await withNotifications(deps, async (tx, notify) => {
    const row = await requestToDecide(tx, actor, id);
    const end = body.end ?? row.wishedEnd;
    const relations = (
      await findCurrentMemberRelations(tx, { personId: row.personId, clubId: row.clubId, day: end })
    ).filter((r) => r.to === null || r.to > end);
    if (relations.some((r) => r.from > end)) throw conflict('error.leaveEndBeforeStart');
    for (const relation of relations) {
      await endRelation(tx, { relationId: relation.id, to: end, actorId: actor.personId, now });
    }
    await writeAuditEntries(tx, [
      ...relations.map((r) => ({
        actorPersonId: actor.personId,
        action: 'updated' as const,
        entity: 'clubRelation',
        entityId: r.id,
        subjectPersonId: row.personId,
        at: now,
        details: { clubId: r.clubId, type: r.type, via: 'leaveRequest' },
      })),
      { ...audit(actor, 'confirmed', row, now), details: { clubId: row.clubId, end } },
    ]);
    if (relations.length > 0) {
      await recordWebhookEvent(tx, { type: 'membership.changed', personId: row.personId, clubId: row.clubId, now });
    }
    await deleteLeaveRequest(tx, { id });
    await notify.persons({
      personIds: [row.personId],
      type: NotificationType.LeaveRequestDecided,
      text: { params: { club: row.clubName, date: swissDate(end) } },
      link: `${deps.config.publicUrl}/me`,
      isEmailByDefault: true,
    });
  });
}

/** PUT leave-request/{id}/decline: she receives the reason in her language; the request goes. */
export async function declineLeave(deps: Deps, actor: Actor, id: string, body: PrivacyDeclineBody): Promise<void> {
  const now = deps.now();
  await withNotifications(deps, async (tx, notify) => {
    const row = await requestToDecide(tx, actor, id);
    await deleteLeaveRequest(tx, { id });
    await writeAuditEntry(tx, audit(actor, 'declined', row, now));
    await notify.persons({
      personIds: [row.personId],
      type: NotificationType.LeaveRequestDecided,
      text: {
        titleKey: 'notification.LeaveRequestDecided.declinedTitle',
        contentKey: 'notification.LeaveRequestDecided.declinedContent',
        params: { club: row.clubName, reason: body.reason },
      },
      link: `${deps.config.publicUrl}/me`,
      isEmailByDefault: true,
    });
  });
}
