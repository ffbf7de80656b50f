import type { Actor } from '@bpw/domain/actor';
import { RegistrationAvailability } from '@bpw/domain/enums/event';
import { RegistrationState, currentRegistrationStates } from '@bpw/domain/enums/registration';
import { availabilityHintKey } from '@bpw/domain/registration-availability';
import type { PublicRegistration, UnregisterBody } from '@bpw/domain/schemas/event-registration';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { DbOrTx } from '../../db/client';
import { hashToken } from '../../platform/auth/secure-tokens';
import { conflict, notFound } from '../../platform/errors';
import { withNotifications } from '../notifications/notify.service';
import { informRegistrant, isOver, statusOf } from './registration-rules';
import { findRegistrationEvent, lockRegistrationEvent } from './registration-checks.queries';
import { type RegistrationRecord, findRegistration, findRegistrationByKeyHash } from './registration-reads.queries';
import { changeState } from './registration-writes.queries';
import { toApiRegistration } from './registration-shape';
import { advanceWaitingList } from './waiting-list.service';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';

/**
 * The public registration link (issue 7, DESIGN "API contract"): GET shows the registration,
 * PUT confirm and PUT unregister act on it. The path holds the mailed key, or the registration
 * id, which only its signed-in owner may use (members unregister from the event page).
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'realtime'>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function resolve(db: DbOrTx, actor: Actor | null, keyOrId: string): Promise<RegistrationRecord> {
  if (uuidPattern.test(keyOrId)) {
    // 404 rather than 403: an id alone must not tell a stranger that a registration exists.
    if (!actor) throw notFound();
    const registration = await findRegistration(db, { id: keyOrId });
    if (!registration || registration.personId !== actor.personId) throw notFound();
    return registration;
  }
  const registration = await findRegistrationByKeyHash(db, { linkKeyHash: hashToken(keyOrId) });
  if (!registration) throw notFound();
  return registration;
}

async function eventOf(db: DbOrTx, registration: RegistrationRecord) {
  const event = await findRegistrationEvent(db, { eventId: registration.eventId });
  if (!event) throw notFound();
  return event;
}

const isCurrent = (state: number) => (currentRegistrationStates as readonly number[]).includes(state);

/** A Pending registration not confirmed in time (issue 15): it holds no slot and cannot be confirmed. */
export const isExpired = (registration: Pick<RegistrationRecord, 'eventRegistrationState' | 'expiresAt'>, now: Date) =>
  registration.eventRegistrationState === RegistrationState.Pending &&
  registration.expiresAt !== null &&
  Date.parse(registration.expiresAt) <= now.getTime();

async function view(deps: Deps, registration: RegistrationRecord): Promise<PublicRegistration> {
  const event = await eventOf(deps.db, registration);
  const now = deps.now();
  // The slot count does not matter for unregistering.
  const { unregistration } = statusOf(event, 0, [registration], now);
  const isPending = registration.eventRegistrationState === RegistrationState.Pending;
  return {
    ...toApiRegistration(registration),
    canConfirm: isPending && !isExpired(registration, now) && !isOver(event.eventState),
    canUnregister: unregistration.mode === RegistrationAvailability.Available,
  };
}

export async function getRegistrationByLink(deps: Deps, actor: Actor | null, keyOrId: string) {
  return view(deps, await resolve(deps.db, actor, keyOrId));
}

/** PUT …/confirm: Pending to Confirmed; pressed again (or five times at once) it changes nothing. */
export async function confirmRegistration(deps: Deps, actor: Actor | null, keyOrId: string) {
  const registration = await resolve(deps.db, actor, keyOrId);
  const state = registration.eventRegistrationState;
  if (state === RegistrationState.Confirmed) return view(deps, registration);
  if (state !== RegistrationState.Pending) throw conflict('error.registrationNotPending');
  const now = deps.now();
  if (isExpired(registration, now)) throw conflict('error.registrationExpired');
  const event = await eventOf(deps.db, registration);
  if (isOver(event.eventState)) throw conflict(availabilityHintKey('tooLate'));
  await withNotifications(deps, async (tx, notify) => {
    const to = RegistrationState.Confirmed;
    const from = [RegistrationState.Pending];
    if (!(await changeState(tx, { id: registration.id, from, to, now, unexpiredAt: now }))) return;
    await recordWebhookEvent(tx, { type: 'registration.confirmed', registrationId: registration.id, now });
    await informRegistrant(deps, tx, notify, { ...registration, eventTitle: registration.event.title }, to);
  });
  deps.outbox.kick();
  const after = await findRegistration(deps.db, { id: registration.id });
  // Expired (and perhaps cleaned away) between the check above and the change.
  if (!after || isExpired(after, now)) throw conflict('error.registrationExpired');
  return view(deps, after);
}

/**
 * PUT …/unregister: from Pending or Confirmed, while spec 02 §4 step 7 allows it; from Waiting
 * she leaves the waiting list (issue 19). The event row is locked first (as every path that
 * frees a place does, so none waits for another in the opposite order) and a freed place goes to
 * the first in line in the same transaction.
 */
export async function unregisterRegistration(deps: Deps, actor: Actor | null, keyOrId: string, body: UnregisterBody) {
  const registration = await resolve(deps.db, actor, keyOrId);
  const state = registration.eventRegistrationState;
  if (state === RegistrationState.Unregistered) return view(deps, registration);
  if (!isCurrent(state)) throw conflict('error.registrationNotActive');
  const event = await eventOf(deps.db, registration);
  const { unregistration } = statusOf(event, 0, [registration], deps.now());
  if (unregistration.mode !== RegistrationAvailability.Available)
    throw conflict(availabilityHintKey(unregistration.hint));
  await withNotifications(deps, async (tx, notify) => {
    const locked = await lockRegistrationEvent(tx, { eventId: registration.eventId });
    const to = RegistrationState.Unregistered;
    const now = deps.now();
    const changed = await changeState(tx, {
      id: registration.id,
      from: currentRegistrationStates,
      to,
      now,
      unregistrationRemarks: body.unregistrationRemarks ?? null,
    });
    if (!changed) return;
    await recordWebhookEvent(tx, { type: 'registration.cancelled', registrationId: registration.id, now });
    await informRegistrant(deps, tx, notify, { ...registration, eventTitle: registration.event.title }, to);
    if (locked) await advanceWaitingList(deps, tx, locked, now);
  });
  deps.outbox.kick();
  return view(deps, (await findRegistration(deps.db, { id: registration.id }))!);
}
