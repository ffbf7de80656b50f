import type { Actor } from '@bpw/domain/actor';
import { checkCustomFieldValues } from '@bpw/domain/custom-field-values';
import { EventRegistrationType } from '@bpw/domain/enums/event';
import { RegistrationState, activeRegistrationStates } from '@bpw/domain/enums/registration';
import { registrationTypeOf } from '@bpw/domain/event-registration-type';
import { canManageEvent } from '@bpw/domain/permissions';
import { availabilityHintKey } from '@bpw/domain/registration-availability';
import type {
  EventRegistration,
  EventRegistrationList,
  EventRegistrationListQuery,
  PaymentStatusBody,
  PersonRegistrationListQuery,
  RegistrationStateBody,
  RegistrationUpdateBody,
} from '@bpw/domain/schemas/event-registration';
import type { FeatureDeps } from '../../platform/feature-deps';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { findFieldDefinitions } from '../event-custom-fields/event-custom-fields.service';
import { withNotifications } from '../notifications/notify.service';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
import { queueMail } from '../../platform/mail/outbox';
import { emailTaken, expiryOf } from './public-registration.service';
import { isExpired } from './registration-link.service';
import { renderLinksAgainMail } from './registration-mails';
import { informRegistrant } from './registration-rules';
import { advanceWaitingList } from './waiting-list.service';
import { registrantValuesOf, toApiRegistration } from './registration-shape';
import {
  countTakenSlots,
  findRegistrationEvent,
  hasActiveRegistrationWithEmail,
  lockRegistrationEvent,
} from './registration-checks.queries';
import {
  type RegistrationListParams,
  findRegistration,
  findRegistrations,
  personExists,
} from './registration-reads.queries';
import {
  changeState,
  deleteExpiredOf,
  deleteRegistration,
  extendPending,
  replaceCustomValues,
  setPaymentStatus,
  updateRegistrant,
} from './registration-writes.queries';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';

/** Spec 02 §2 "Registrations tab", §7: for the managers of the registration's event only. */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'realtime'>;
type UpdateBody = RegistrationUpdateBody;

const isActive = (state: number) => (activeRegistrationStates as readonly number[]).includes(state);
/** Active and, if Pending, not expired: it holds a slot (issue 15). */
const holdsSlot = (registration: { eventRegistrationState: number; expiresAt: string | null }, now: Date) =>
  isActive(registration.eventRegistrationState) && !isExpired(registration, now);

function listParams(query: EventRegistrationListQuery) {
  return {
    states: query.EventRegistrationState,
    fulltext: query.Fulltext,
    sort: query.SortBy.map((key, i) => ({ key, isDesc: query.SortDesc[i] ?? false })),
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  };
}

async function pageOf(deps: Deps, params: RegistrationListParams): Promise<EventRegistrationList> {
  const { items, total } = await findRegistrations(deps.db, params);
  return { items: items.map(toApiRegistration), total };
}

export async function listEventRegistrations(
  deps: Deps,
  actor: Actor,
  eventId: string,
  query: EventRegistrationListQuery,
): Promise<EventRegistrationList> {
  const event = await findRegistrationEvent(deps.db, { eventId });
  if (!event) throw notFound();
  if (!canManageEvent(actor, event)) throw forbidden();
  return pageOf(deps, { scope: { eventId }, ...listParams(query) });
}

/**
 * GET person/{id}/event-registration: an admin and the person herself see all her registrations,
 * an event manager those of the events of her clubs.
 */
export async function listPersonRegistrations(
  deps: Deps,
  actor: Actor,
  personId: string,
  query: PersonRegistrationListQuery,
): Promise<EventRegistrationList> {
  const seesAll = actor.isAdmin || actor.personId === personId;
  if (!seesAll && actor.eventManagerOf.length === 0) throw forbidden();
  if (!(await personExists(deps.db, { personId }))) throw notFound();
  const clubIds = seesAll ? 'all' : actor.eventManagerOf;
  return pageOf(deps, { scope: { personId, clubIds }, eventIds: query.EventIds, ...listParams(query) });
}

/** The registration, if the actor manages its event. */
/** The registration, when the caller manages its event (also the routes' pre-check). */
export async function registrationToManage(deps: Pick<Deps, 'db'>, actor: Actor, id: string) {
  const registration = await findRegistration(deps.db, { id });
  if (!registration) throw notFound();
  if (!canManageEvent(actor, registration)) throw forbidden();
  return registration;
}

/** A registration as the staff of its event see it (the shape of their list; a webhook's payload, issue 26). */
export async function getRegistrationAsStaff(deps: Pick<Deps, 'db'>, actor: Actor, id: string) {
  return toApiRegistration(await registrationToManage(deps, actor, id));
}

async function reread(deps: Deps, id: string): Promise<EventRegistration> {
  const registration = await findRegistration(deps.db, { id });
  if (!registration) throw notFound();
  return toApiRegistration(registration);
}

const mapUniqueViolation = (error: unknown) => (isUniqueViolation(error) ? emailTaken() : error);

/** The state changes staff make that subscribers hear of (issue 26). */
const webhookTypeOfState: Partial<Record<RegistrationState, 'registration.confirmed' | 'registration.cancelled'>> = {
  [RegistrationState.Confirmed]: 'registration.confirmed',
  [RegistrationState.Unregistered]: 'registration.cancelled',
};

/** PUT event-registration/{id}: staff fill every custom field; types are checked, required modes not (soft). */
export async function updateRegistration(deps: Deps, actor: Actor, id: string, body: UpdateBody) {
  const registration = await registrationToManage(deps, actor, id);
  const fields = await findFieldDefinitions(deps.db, registration.eventId);
  const checked = checkCustomFieldValues(fields, body.eventCustomFieldValues, { audience: 'staff', isSoft: true });
  if (checked.issues.length) {
    throw badRequest(...checked.issues.map((i) => ({ key: `validation.${i.code}`, params: { field: i.field } })));
  }
  const values = registrantValuesOf(body);
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      const { eventId } = registration;
      if (isActive(registration.eventRegistrationState)) {
        await deleteExpiredOf(tx, { eventId, now, email: body.email, exceptId: id });
        if (await hasActiveRegistrationWithEmail(tx, { eventId, email: body.email, now, exceptId: id })) {
          throw emailTaken();
        }
      }
      await updateRegistrant(tx, { id, values });
      await replaceCustomValues(tx, { registrationId: id, values: checked.values });
    });
  } catch (error) {
    throw mapUniqueViolation(error);
  }
  return reread(deps, id);
}

/** DELETE event-registration/{id}; a place it held goes to the first in line (issue 19). */
export async function removeRegistration(deps: Deps, actor: Actor, id: string) {
  const registration = await registrationToManage(deps, actor, id);
  await deps.db.transaction(async (tx) => {
    const event = await lockRegistrationEvent(tx, { eventId: registration.eventId });
    // Written before the row goes: its club is read from it (the payload is then its id only).
    await recordWebhookEvent(tx, { type: 'registration.cancelled', registrationId: id, now: deps.now() });
    await deleteRegistration(tx, { id });
    if (event) await advanceWaitingList(deps, tx, event, deps.now());
  });
  deps.outbox.kick();
}

/**
 * PUT event-registration/{id}/state. Staff may set any state (deadlines are the public's
 * limits, not theirs), but a registration that becomes active again needs a free slot and must
 * not be a second active one of its e-mail or member: checked under the event row lock.
 */
export async function setRegistrationState(deps: Deps, actor: Actor, id: string, body: RegistrationStateBody) {
  const registration = await registrationToManage(deps, actor, id);
  const from = registration.eventRegistrationState;
  const to = body.eventRegistrationState as RegistrationState;
  if (from === to) return toApiRegistration(registration);
  // Joining the waiting list is the registration's own way (its place follows the order of joining).
  if (to === RegistrationState.Waiting) throw conflict('error.registrationNotWaiting');
  const now = deps.now();
  try {
    await withNotifications(deps, async (tx, notify) => {
      // Locked first, whatever the change: a place it frees goes to the first in line (issue 19).
      const event = await lockRegistrationEvent(tx, { eventId: registration.eventId });
      if (!event) throw notFound();
      // Pending again (from Unregistered, say) gets the event's time to confirm from now on.
      let expiresAt: Date | undefined;
      if (isActive(to) && !holdsSlot(registration, now)) {
        expiresAt = expiryOf(event, now);
        const email = registration.email;
        await deleteExpiredOf(tx, { eventId: event.id, now, email, personId: registration.personId, exceptId: id });
        const taken = await countTakenSlots(tx, { eventId: event.id, now, exceptId: id });
        const isLimited = registrationTypeOf(event) === EventRegistrationType.LimitedSlots;
        if (isLimited && taken >= event.registrationSlots!) throw conflict(availabilityHintKey('fullyBooked'));
        if (await hasActiveRegistrationWithEmail(tx, { eventId: event.id, email, now, exceptId: id })) {
          throw emailTaken();
        }
      }
      if (!(await changeState(tx, { id, from: [from], to, now, ...(expiresAt ? { expiresAt } : {}) }))) {
        // Someone else changed it meanwhile: refuse rather than overwrite what she did.
        throw new AppError('Conflict');
      }
      const webhookType = webhookTypeOfState[to];
      if (webhookType) await recordWebhookEvent(tx, { type: webhookType, registrationId: id, now });
      await informRegistrant(deps, tx, notify, { ...registration, eventTitle: registration.event.title }, to);
      await advanceWaitingList(deps, tx, event, now);
    });
  } catch (error) {
    throw mapUniqueViolation(error);
  }
  deps.outbox.kick();
  return reread(deps, id);
}

/**
 * PUT event-registration/{id}/extend (issue 15): a Pending registration gets the event's time to
 * confirm again, from now on, and the registrant a mail with new links and the new deadline. An
 * expired one holds no slot any more: it comes back only if one is free (under the event lock).
 */
export async function extendRegistration(deps: Deps, actor: Actor, id: string) {
  const registration = await registrationToManage(deps, actor, id);
  if (registration.eventRegistrationState !== RegistrationState.Pending) {
    throw conflict('error.registrationExtendNotPending');
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const event = await lockRegistrationEvent(tx, { eventId: registration.eventId });
    if (!event) throw notFound();
    if (isExpired(registration, now)) {
      const taken = await countTakenSlots(tx, { eventId: event.id, now, exceptId: id });
      const isLimited = registrationTypeOf(event) === EventRegistrationType.LimitedSlots;
      if (isLimited && taken >= event.registrationSlots!) throw conflict(availabilityHintKey('fullyBooked'));
    }
    const key = newOpaqueToken();
    const expiresAt = expiryOf(event, now);
    if (!(await extendPending(tx, { id, expiresAt, linkKeyHash: hashToken(key) }))) {
      throw conflict('error.registrationExtendNotPending');
    }
    await queueMail(
      tx,
      renderLinksAgainMail({ publicUrl: deps.config.publicUrl, registration, event, key, expiresAt }),
    );
  });
  deps.outbox.kick();
  return reread(deps, id);
}

/** PUT event-registration/{id}/payment-status: Paid or Unpaid (spec 02 §3). */
export async function setRegistrationPaymentStatus(deps: Deps, actor: Actor, id: string, body: PaymentStatusBody) {
  await registrationToManage(deps, actor, id);
  await setPaymentStatus(deps.db, { id, paymentStatus: body.paymentStatus });
  return reread(deps, id);
}
