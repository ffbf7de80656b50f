import type { Actor } from '@bpw/domain/actor';
import { EventState } from '@bpw/domain/enums/event';
import { NotificationType } from '@bpw/domain/enums/notification';
import { PublicationState } from '@bpw/domain/enums/publication-state';
import {
  canAnswerFor,
  canChangeLockedPublication,
  canChangePublicationState,
  canCreateEvent,
  canDeletePublication,
  canManageEvent,
} from '@bpw/domain/permissions';
import type {
  EventPublication,
  EventPublicationBody,
  EventPublicationList,
  EventPublicationListQuery,
  EventPublicationStateBody,
} from '@bpw/domain/schemas/event-publication';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import type { AppError } from '../../platform/errors';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { claimRuns } from '../../platform/scheduler/scheduler-runs';
import { type Notifier, findSubscriberIdsByClub, withNotifications } from '../notifications/notify.service';
import {
  type PublicationRow,
  type PublicationScope,
  clubExists,
  deletePublication,
  findClubNames,
  findEventOwner,
  findPublication,
  findPublicationRows,
  findPublications,
  findPublishedClubs,
  insertPublications,
  updatePublicationState,
} from './event-publications.queries';
import { findPublishedEvent } from './event-published-notice.queries';

type Deps = Pick<FeatureDeps, 'db' | 'outbox' | 'realtime' | 'config'>;

const isoDateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function toPublication(actor: Actor, row: PublicationRow): EventPublication {
  return {
    id: row.id,
    eventId: row.eventId,
    clubId: row.clubId,
    club: { id: row.clubId, name: row.clubName },
    event: {
      id: row.eventId,
      title: row.eventTitle,
      eventState: row.eventState,
      responsibleClub: { id: row.responsibleClubId, name: row.responsibleClubName },
      eventFrom: isoDateTime(row.eventFrom),
      eventTo: row.eventTo ? isoDateTime(row.eventTo) : null,
    },
    eventPublicationState: row.eventPublicationState,
    isLocked: row.isLocked,
    canChangeState: canChangePublicationState(actor, row),
    canDelete: canDeletePublication(actor, row),
  };
}

/**
 * What a caller sees (spec 02 §6, docs/decisions/event-publications.md): admins everything; the managers of an
 * event its publications; the managers of a club (club and event managers) what is offered to it.
 */
const scopeOf = (actor: Actor): PublicationScope =>
  actor.isAdmin
    ? null
    : {
        eventClubIds: actor.eventManagerOf,
        targetClubIds: [...new Set([...actor.clubManagerOf, ...actor.eventManagerOf])],
      };

/** GET event-publication, event/{id}/event-publication and club/{id}/event-publication. */
export async function findPublicationList(
  deps: Deps,
  actor: Actor,
  query: EventPublicationListQuery,
  of: { eventId?: string; clubId?: string } = {},
): Promise<EventPublicationList> {
  if (of.eventId && !(await findEventOwner(deps.db, { id: of.eventId }))) throw notFound();
  if (of.clubId && !(await clubExists(deps.db, { id: of.clubId }))) throw notFound();
  const page = await findPublications(deps.db, {
    scope: scopeOf(actor),
    ...of,
    clubName: query.ClubName || undefined,
    eventTitle: query.EventTitle || undefined,
    eventStates: query.EventStates,
    publicationStates: query.EventPublicationStates,
    sort: query.SortBy.map((key, i) => ({ key, isDesc: query.SortDesc[i] ?? false })),
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return { items: page.items.map((row) => toPublication(actor, row)), total: page.total };
}

/**
 * POST event-publication: the event's managers offer it to other clubs (Invited); only admins
 * may lock the new publications (spec 02 §6). A club it is already offered to is a 409.
 */
export async function createPublications(
  deps: Deps,
  actor: Actor,
  body: EventPublicationBody,
): Promise<EventPublicationList> {
  await authorizePublicationCreation(actor);
  const event = await findEventOwner(deps.db, { id: body.eventId });
  if (!event) throw badRequest({ key: 'validation.invalid', params: { field: 'eventId' } });
  if (!canManageEvent(actor, event)) throw forbidden();
  if (body.isLocked && !canChangeLockedPublication(actor)) throw forbidden('error.publicationLockAdminsOnly');
  if (body.clubIds.includes(event.responsibleClubId)) throw badRequest('error.publicationOwnClub');
  const known = await findClubNames(deps.db, { ids: body.clubIds });
  if (known.length !== body.clubIds.length)
    throw badRequest({ key: 'validation.invalid', params: { field: 'clubIds' } });
  const ids = await deps.db.transaction(async (tx) => {
    const existing = await findPublishedClubs(tx, { eventId: event.id, clubIds: body.clubIds });
    if (existing.length)
      throw conflict('error.publicationExists', { clubs: existing.map((e) => e.clubName).join(', ') });
    return insertPublications(tx, { eventId: event.id, clubIds: body.clubIds, isLocked: body.isLocked });
  });
  const rows = await findPublicationRows(deps.db, { ids: ids.map((r) => r.id) });
  return { items: rows.map((row) => toPublication(actor, row)), total: rows.length };
}

/** Why a caller may not touch a publication: its lock, or not being one of its managers. */
/** The publication, when the caller may confirm or reject it; else 404 or 403. */
function mayChangeState<T extends { clubId: string; isLocked: boolean }>(actor: Actor, current: T | undefined): T {
  if (!current) throw notFound();
  if (!canChangePublicationState(actor, current)) throw refusal(actor, canAnswerFor(actor, current.clubId));
  return current;
}

/** The pre-check of PUT event-publication/{id}/state (the service checks again under the row lock). */
export async function authorizePublicationState(deps: Deps, actor: Actor, id: string): Promise<void> {
  mayChangeState(actor, await findPublication(deps.db, { id }));
}

/** Offering events at all: those who manage events (the pre-check of POST; the event is the body's). */
export async function authorizePublicationCreation(actor: Actor): Promise<void> {
  if (!canCreateEvent(actor)) throw forbidden();
}

function refusal(actor: Actor, isManager: boolean): AppError {
  return isManager && !canChangeLockedPublication(actor) ? forbidden('error.publicationLocked') : forbidden();
}

/**
 * PUT event-publication/{id}/state: the managers of the club it is offered to confirm or reject
 * it (spec 02 §4), admins too; a locked one only admins, who may also lock or unlock it here.
 * Confirming tells that club's EventPublished subscribers (once, and only once the event is published).
 */
export async function changePublicationState(
  deps: Deps,
  actor: Actor,
  id: string,
  body: EventPublicationStateBody,
): Promise<EventPublication> {
  const row = await withNotifications(deps, async (tx, notify) => {
    const current = mayChangeState(actor, await findPublication(tx, { id, forUpdate: true }));
    const isLocked = body.isLocked ?? current.isLocked;
    if (isLocked !== current.isLocked && !canChangeLockedPublication(actor)) {
      throw forbidden('error.publicationLockAdminsOnly');
    }
    await updatePublicationState(tx, { id, eventPublicationState: body.eventPublicationState, isLocked });
    if (body.eventPublicationState === PublicationState.Confirmed) {
      await notifyEventPublished(tx, notify, {
        eventId: current.eventId,
        link: `${deps.config.publicUrl}/events-public/${current.eventId}`,
        excludePersonIds: [actor.personId],
      });
    }
    return { ...current, eventPublicationState: body.eventPublicationState, isLocked };
  });
  return toPublication(actor, row);
}

/** DELETE event-publication/{id}: the event's managers withdraw an offer; a locked one only admins. */
export async function removePublication(deps: Deps, actor: Actor, id: string): Promise<void> {
  const row = await findPublication(deps.db, { id });
  if (!row) throw notFound();
  if (!canDeletePublication(actor, row)) throw refusal(actor, canManageEvent(actor, row));
  await deletePublication(deps.db, { id });
}

/* ------------------------------------------------------------------ EventPublished */

/** The claims of EventPublished notices in scheduler_runs: one per event and club, ever. */
export const eventPublishedNoticeJob = 'event-published';
const publishedStates: readonly number[] = [EventState.Published, EventState.OpenForRegistration];
const noticeKey = (eventId: string, clubId: string) => `${eventId}@${clubId}`;

/**
 * Issue 7: tells the EventPublished subscribers about an event, inside the caller's transaction
 * (`withNotifications` delivers after the commit). Call it when an event's state moves to
 * Published or OpenForRegistration, and when a publication is confirmed.
 *
 * The clubs that should know an event are its own club and those that accepted (Confirmed) a
 * publication of it; they are told once the event is published, each club once ever (claims in
 * scheduler_runs), however often the event is published again or the publication re-confirmed.
 * A person subscribed in several of these clubs hears it once. So the call needs no club: it
 * tells whoever should know and has not been told. `clubId` and `title` are accepted and not
 * needed (the event is read in the transaction). `excludePersonIds`: the person acting.
 */
export async function notifyEventPublished(
  tx: Tx,
  notify: Notifier,
  options: { eventId: string; link: string; clubId?: string; title?: string; excludePersonIds?: readonly string[] },
): Promise<void> {
  const event = await findPublishedEvent(tx, { eventId: options.eventId });
  if (!event || !publishedStates.includes(event.eventState)) return;
  const audience = [...new Set([event.responsibleClubId, ...event.confirmedClubIds])];
  const claimed = await claimRuns(tx, {
    job: eventPublishedNoticeJob,
    runKeys: audience.map((clubId) => noticeKey(event.id, clubId)),
  });
  const clubIds = audience.filter((clubId) => claimed.has(noticeKey(event.id, clubId)));
  if (clubIds.length === 0) return;

  const type = NotificationType.EventPublished;
  // A key not claimed now was claimed before: that club has been told.
  const toldBefore = audience.filter((clubId) => !clubIds.includes(clubId));
  const subscribers = await findSubscriberIdsByClub(tx, { clubIds: audience, type });
  const reached = new Set([
    ...(options.excludePersonIds ?? []),
    ...subscribers.filter((s) => toldBefore.includes(s.clubId!)).map((s) => s.personId),
  ]);
  for (const clubId of clubIds) {
    await notify.subscribers({
      clubId,
      type,
      excludePersonIds: [...reached],
      eventId: event.id,
      text: { params: { event: event.title, club: event.responsibleClubName } },
      link: options.link,
    });
    for (const s of subscribers) if (s.clubId === clubId) reached.add(s.personId);
  }
}
