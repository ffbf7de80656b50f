import type { Actor } from '@bpw/domain/actor';
import { EventRegistrationType, EventState } from '@bpw/domain/enums/event';
import { registrationTypeOf } from '@bpw/domain/event-registration-type';
import { canCreateEvent, canCreateEventFor, canManageEvent } from '@bpw/domain/permissions';
import type { Event, EventBody, EventStateBody, EventUpdateBody } from '@bpw/domain/schemas/event';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { deleteStoredFiles } from '../../platform/stored-files';
import { advanceWaitingListOf } from '../event-registrations/waiting-list.service';
import { withNotifications } from '../notifications/notify.service';
import { type NewEventFields, geocodingAfterSave } from './event-changes';
import { announceEventChanges } from './event-announcements';
import { findEvent } from './events.queries';
import {
  type EventValues,
  clubExists,
  countActiveRegistrations,
  countExistingCategories,
  deleteEvent,
  insertEvent,
  lockEvent,
  setEventCategories,
  updateEvent,
} from './event-write.queries';

export type EventWriteDeps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'realtime'>;

const field = (name: string) => `eventForm.${name}`;
const invalid = (name: string) => ({ key: 'validation.invalid', params: { field: field(name) } });

/** The stored values of a create or update body; the registration type is never stored (derived). */
function valuesOf(body: EventBody, eventState: number): NewEventFields & Omit<EventValues, 'geoCodingStatus'> {
  const { eventCategoryIds: _ids, eventFrom, eventTo, registrationTo, unregistrationTo, ...rest } = body;
  const date = (value: string | null | undefined) => (value ? new Date(value) : null);
  return {
    ...rest,
    eventState,
    eventFrom: new Date(eventFrom),
    eventTo: date(eventTo),
    registrationTo: date(registrationTo),
    unregistrationTo: date(unregistrationTo),
    registrationSlots: body.registrationSlots ?? null,
    // Issue 19: only a limited event keeps a waiting list.
    hasWaitingList:
      body.hasWaitingList &&
      registrationTypeOf({
        registrationSlots: body.registrationSlots ?? null,
        externalRegistrationUrl: body.externalRegistrationUrl ?? null,
      }) === EventRegistrationType.LimitedSlots,
    externalRegistrationUrl: body.externalRegistrationUrl ?? null,
    contactDetails: body.contactDetails ?? null,
    address1: body.address1 ?? null,
    address2: body.address2 ?? null,
    county: body.county ?? null,
    state: body.state ?? null,
    description: body.description ?? null,
    cost: body.cost ?? null,
  };
}

/** Spec 02 §5: the responsible club and every category must exist. */
async function checkReferences(tx: Tx, body: EventBody): Promise<string[]> {
  const categoryIds = [...new Set(body.eventCategoryIds)];
  const problems = [];
  if (!(await clubExists(tx, { id: body.responsibleClubId }))) problems.push(invalid('responsibleClubId'));
  if ((await countExistingCategories(tx, { ids: categoryIds })) !== categoryIds.length) {
    problems.push({ key: 'error.eventCategoryUnknown', params: { field: field('eventCategoryIds') } });
  }
  if (problems.length > 0) throw badRequest(...problems);
  return categoryIds;
}

/** A limited event never has fewer slots than registrations hold (DESIGN "Data rules"). */
async function checkSlots(tx: Tx, eventId: string, body: EventBody, now: Date) {
  const slots = body.registrationSlots ?? null;
  const type = registrationTypeOf({ registrationSlots: slots, externalRegistrationUrl: body.externalRegistrationUrl });
  if (type !== EventRegistrationType.LimitedSlots) return;
  const taken = await countActiveRegistrations(tx, { eventId, now });
  if (slots! < taken) {
    throw new AppError('Conflict', [
      { key: 'error.eventSlotsBelowTaken', params: { field: field('registrationSlots'), taken } },
    ]);
  }
}

/** POST event (spec 02 §7): admins for any club, event managers for their clubs; starts in Planning. */
/** Creating events at all: admins and event managers (the pre-check of POST event; the club is the body's). */
export async function authorizeEventCreation(actor: Actor): Promise<void> {
  if (!canCreateEvent(actor)) throw forbidden();
}

/** The pre-check of PUT event/{id} and its state: the caller manages the event. */
export const authorizeEventChange = (deps: EventWriteDeps, actor: Actor, id: string) =>
  deps.db.transaction((tx) => lockManagedEvent(tx, actor, id));

export async function createEvent(deps: EventWriteDeps, actor: Actor, body: EventBody): Promise<Event> {
  await authorizeEventCreation(actor);
  if (!canCreateEventFor(actor, body.responsibleClubId)) throw forbidden();
  return deps.db.transaction(async (tx) => {
    const categoryIds = await checkReferences(tx, body);
    const values = valuesOf(body, EventState.Planning);
    const geocoding = geocodingAfterSave(null, values, Boolean(deps.config.geocoderUrl));
    const id = await insertEvent(tx, { values: { ...values, ...geocoding }, actorId: actor.personId, now: deps.now() });
    await setEventCategories(tx, { eventId: id, categoryIds });
    return (await findEvent(tx, { id, now: deps.now() }))!;
  });
}

/** Locks the event and checks that the actor manages it (current data, spec 02 §6). */
async function lockManagedEvent(tx: Tx, actor: Actor, id: string) {
  const stored = await lockEvent(tx, { id });
  if (!stored) throw notFound();
  if (!canManageEvent(actor, stored)) throw forbidden();
  return stored;
}

/**
 * PUT event/{id}: the managers of the event; moving it to another club needs the right to create
 * events there too. Registrants hear of a new date, place or state; publishing notifies the club.
 */
export async function changeEvent(deps: EventWriteDeps, actor: Actor, id: string, body: EventUpdateBody) {
  return withNotifications(deps, async (tx, notify) => {
    const stored = await lockManagedEvent(tx, actor, id);
    if (body.responsibleClubId !== stored.responsibleClubId && !canCreateEventFor(actor, body.responsibleClubId)) {
      throw forbidden();
    }
    const categoryIds = await checkReferences(tx, body);
    await checkSlots(tx, id, body, deps.now());
    const values = valuesOf(body, body.eventState);
    const geocoding = geocodingAfterSave(stored, values, Boolean(deps.config.geocoderUrl));
    await updateEvent(tx, { id, values: { ...values, ...geocoding }, actorId: actor.personId, now: deps.now() });
    await setEventCategories(tx, { eventId: id, categoryIds });
    const after = { ...values, title: body.title };
    await announceEventChanges(deps, tx, notify, { id, actorId: actor.personId, before: stored, after });
    // More slots (or none limited any more) free places for the waiting list (issue 19).
    await advanceWaitingListOf(deps, tx, { eventId: id, now: deps.now() });
    return (await findEvent(tx, { id, now: deps.now() }))!;
  });
}

/** PUT event/{id}/event-state: any state to any other (spec 02 §4: transitions not shown). */
export async function changeEventState(deps: EventWriteDeps, actor: Actor, id: string, body: EventStateBody) {
  return withNotifications(deps, async (tx, notify) => {
    const stored = await lockManagedEvent(tx, actor, id);
    await updateEvent(tx, { id, values: { eventState: body.eventState }, actorId: actor.personId, now: deps.now() });
    const after = { ...stored, eventState: body.eventState };
    await announceEventChanges(deps, tx, notify, { id, actorId: actor.personId, before: stored, after });
    await advanceWaitingListOf(deps, tx, { eventId: id, now: deps.now() });
    return (await findEvent(tx, { id, now: deps.now() }))!;
  });
}

/** DELETE event/{id}: with its registrations, custom fields, publications and image. */
export async function removeEvent(deps: EventWriteDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const stored = await lockManagedEvent(tx, actor, id);
    await deleteEvent(tx, { id });
    await deleteStoredFiles(tx, { ids: [stored.eventImageId] });
  });
}
