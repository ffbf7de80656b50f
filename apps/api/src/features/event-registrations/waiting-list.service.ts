import type { Actor } from '@bpw/domain/actor';
import { EventRegistrationType } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { registrationTypeOf } from '@bpw/domain/event-registration-type';
import { canManageEvent } from '@bpw/domain/permissions';
import type { WaitingList, WaitingListQuery, WaitingListStateBody } from '@bpw/domain/schemas/event-registration';
import { toIsoWithoutMilliseconds } from '@bpw/domain/time-input';
import type { Tx } from '../../db/client';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { queueMail } from '../../platform/mail/outbox';
import { languageOrDefault, registrationLinks } from './registration-mails';
import { isOver } from './registration-rules';
import {
  type RegistrationEventRow,
  countTakenSlots,
  findRegistrationEvent,
  lockRegistrationEvent,
} from './registration-checks.queries';
import { findRegistration } from './registration-reads.queries';
import { toApiRegistration } from './registration-shape';
import { renderMovedUpMail } from './waiting-list-mail';
import {
  findNextWaiting,
  findWaitingPage,
  hasWaiting,
  moveUpWaiting,
  putFirstInLine,
  setWaitingListClosed,
} from './waiting-list.queries';

/**
 * The waiting list of a limited event (issue 19, docs/decisions/waiting-list.md). Whoever frees a
 * place (unregistering, deleting, staff state changes, more slots, a moved-up registration that
 * expired) calls `advanceWaitingList` in the same transaction, with the event row locked: the
 * free places go to the first in line at once, each with a mail holding her confirm link.
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'realtime'>;
type MailDeps = Pick<FeatureDeps, 'config'>;

const HOUR_MS = 3_600_000;
/** At most this many move up in one transaction (an event made unlimited moves the rest later). */
const MOVE_UP_BATCH = 200;

/** How many places are free for the waiting list now; an unlimited event frees them all. */
async function freePlaces(tx: Tx, event: RegistrationEventRow, now: Date) {
  const type = registrationTypeOf(event);
  if (type === EventRegistrationType.UnlimitedSlots) return MOVE_UP_BATCH;
  if (type !== EventRegistrationType.LimitedSlots) return 0;
  const taken = await countTakenSlots(tx, { eventId: event.id, now });
  return Math.min(MOVE_UP_BATCH, Math.max(0, event.registrationSlots! - taken));
}

/**
 * Moves the first in line up into the free places of `event`, which the caller has locked
 * (lockRegistrationEvent) in `tx`. Nobody is skipped (the order is the waiting number) and
 * nobody moves up twice (the update's WHERE wants Waiting). Returns how many moved up.
 */
export async function advanceWaitingList(deps: MailDeps, tx: Tx, event: RegistrationEventRow, now: Date) {
  if (isOver(event.eventState)) return 0;
  // Most events have nobody waiting: they pay one index probe, not a slot count.
  if (!(await hasWaiting(tx, { eventId: event.id }))) return 0;
  const free = await freePlaces(tx, event, now);
  if (free === 0) return 0;
  const next = await findNextWaiting(tx, { eventId: event.id, limit: free });
  let moved = 0;
  for (const registration of next) {
    const key = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + event.waitingListConfirmHours * HOUR_MS);
    if (!(await moveUpWaiting(tx, { id: registration.id, now, expiresAt, linkKeyHash: hashToken(key) }))) continue;
    moved += 1;
    await queueMail(
      tx,
      renderMovedUpMail(languageOrDefault(registration.languageCode), {
        to: registration.email,
        name: `${registration.firstname} ${registration.lastname}`,
        event,
        links: registrationLinks(deps.config.publicUrl, key),
        expiresAt,
      }),
    );
  }
  return moved;
}

/** Locks the event in `tx` and moves its waiting list up (the events feature, the job). */
export async function advanceWaitingListOf(deps: MailDeps, tx: Tx, params: { eventId: string; now: Date }) {
  const event = await lockRegistrationEvent(tx, { eventId: params.eventId });
  return event ? advanceWaitingList(deps, tx, event, params.now) : 0;
}

async function eventToManage(deps: Pick<FeatureDeps, 'db'>, actor: Actor, eventId: string) {
  const event = await findRegistrationEvent(deps.db, { eventId });
  if (!event) throw notFound();
  if (!canManageEvent(actor, event)) throw forbidden();
  return event;
}

/** GET event/{id}/waiting-list: the event's managers see the line in its order. */
export async function getWaitingList(
  deps: Deps,
  actor: Actor,
  eventId: string,
  query: WaitingListQuery,
): Promise<WaitingList> {
  const event = await eventToManage(deps, actor, eventId);
  const limit = query.PerPage === 0 ? 1000 : query.PerPage;
  const offset = query.PerPage === 0 ? 0 : query.Page * query.PerPage;
  const { items, total } = await findWaitingPage(deps.db, { eventId, limit, offset });
  const isLimited = registrationTypeOf(event) === EventRegistrationType.LimitedSlots;
  const taken = isLimited ? await countTakenSlots(deps.db, { eventId, now: deps.now() }) : 0;
  return {
    items: items.map((item, i) => ({
      ...item,
      place: offset + i + 1,
      registeredAt: toIsoWithoutMilliseconds(item.registeredAt),
    })),
    total,
    isWaitingListClosed: event.isWaitingListClosed,
    availableRegistrationSlots: isLimited ? Math.max(0, event.registrationSlots! - taken) : null,
  };
}

/**
 * PUT event-registration/{id}/move-up (staff): she goes to the head of the line, and takes a
 * free place at once if there is one. Never past the slots: a full event stays full.
 */
export async function moveUpByHand(deps: Deps, actor: Actor, id: string) {
  const registration = await findRegistration(deps.db, { id });
  if (!registration) throw notFound();
  if (!canManageEvent(actor, registration)) throw forbidden();
  if (registration.eventRegistrationState !== RegistrationState.Waiting) throw conflict('error.registrationNotWaiting');
  await deps.db.transaction(async (tx) => {
    const event = await lockRegistrationEvent(tx, { eventId: registration.eventId });
    if (!event) throw notFound();
    if (!(await putFirstInLine(tx, { eventId: event.id, id }))) throw conflict('error.registrationNotWaiting');
    await advanceWaitingList(deps, tx, event, deps.now());
  });
  deps.outbox.kick();
  return toApiRegistration((await findRegistration(deps.db, { id }))!);
}

/** PUT event/{id}/waiting-list-state: closed, nobody new joins; those waiting keep their places. */
export async function setWaitingListState(deps: Deps, actor: Actor, eventId: string, body: WaitingListStateBody) {
  await eventToManage(deps, actor, eventId);
  await deps.db.transaction(async (tx) => {
    const event = await lockRegistrationEvent(tx, { eventId });
    if (!event) throw notFound();
    await setWaitingListClosed(tx, { eventId, isClosed: body.isWaitingListClosed });
  });
  return { isWaitingListClosed: body.isWaitingListClosed };
}
