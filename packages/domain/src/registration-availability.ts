import { EventRegistrationType, EventState, RegistrationAvailability } from './enums/event';
import { RegistrationState } from './enums/registration';
import { registrationTypeOf, type RegistrationTypeFields } from './event-registration-type';

/**
 * Why an action has its mode; each hint has a message `eventAvailability.<hint>` in every
 * locale (spec 02 §4 "Messages shown").
 */
export const AvailabilityHint = {
  none: 'none',
  tooEarly: 'tooEarly',
  tooLate: 'tooLate',
  external: 'external',
  registrationExpired: 'registrationExpired',
  unregistrationExpired: 'unregistrationExpired',
  fullyBooked: 'fullyBooked',
  /** Full, but a registration joins the waiting list (issue 19). */
  waitingList: 'waitingList',
  alreadyRegistered: 'alreadyRegistered',
  /** The user's registration is on the waiting list (issue 19). */
  onWaitingList: 'onWaitingList',
  available: 'available',
  availableUntil: 'availableUntil',
  notRegistered: 'notRegistered',
} as const;
export type AvailabilityHint = (typeof AvailabilityHint)[keyof typeof AvailabilityHint];
export const availabilityHintKey = (hint: AvailabilityHint) => `eventAvailability.${hint}`;

export type ActionAvailability = {
  mode: RegistrationAvailability;
  hint: AvailabilityHint;
  /** The deadline for availableUntil (UTC ISO), shown as "available until {{date}}". */
  until: string | null;
};

/** Spec 02 §3 "Registration status for the current user". */
export type RegistrationStatus = {
  activeRegistrationIds: string[];
  registration: ActionAvailability;
  unregistration: ActionAvailability;
  external: ActionAvailability;
};

export type AvailabilityEvent = RegistrationTypeFields & {
  eventState: number;
  registrationTo: string | null;
  unregistrationTo: string | null;
  availableRegistrationSlots: number | null;
  /** Issue 19: a full limited event with a waiting list that is not closed takes registrations onto it. */
  hasWaitingList?: boolean;
  isWaitingListClosed?: boolean;
};

export type OwnRegistration = { id: string; eventRegistrationState: number };

const action = (mode: RegistrationAvailability, hint: AvailabilityHint, until: string | null = null) => ({
  mode,
  hint,
  until,
});
const all = (mode: RegistrationAvailability, hint: AvailabilityHint) => ({
  registration: action(mode, hint),
  unregistration: action(mode, hint),
  external: action(mode, hint),
});
const isActive = (r: OwnRegistration) =>
  r.eventRegistrationState === RegistrationState.Pending || r.eventRegistrationState === RegistrationState.Confirmed;
const isWaiting = (r: OwnRegistration) => r.eventRegistrationState === RegistrationState.Waiting;

/** Issue 19: whether a registration for this event now would join its waiting list. */
export const hasOpenWaitingList = (event: Pick<AvailabilityEvent, 'hasWaitingList' | 'isWaitingListClosed'>) =>
  Boolean(event.hasWaitingList) && !event.isWaitingListClosed;

/**
 * The registration availability rules of spec 02 §4, evaluated in the spec's order.
 * `ownRegistrations` are the current user's registrations of this event (empty for a visitor who
 * is not signed in); `now` decides the deadlines.
 */
export function registrationStatusOf(
  event: AvailabilityEvent,
  ownRegistrations: readonly OwnRegistration[],
  now: Date,
): RegistrationStatus {
  const active = ownRegistrations.filter(isActive);
  const waiting = ownRegistrations.filter(isWaiting);
  // A waiting registration is listed too: its owner leaves the list by unregistering (issue 19).
  const activeRegistrationIds = [...active, ...waiting].map((r) => r.id);
  const { Unavailable, Disabled, Available } = RegistrationAvailability;
  const type = registrationTypeOf(event);

  // 1. With no registration, everything is unavailable.
  if (type === EventRegistrationType.NoRegistration) return { activeRegistrationIds, ...all(Unavailable, 'none') };
  // 2. In Planning or Published the actions are disabled ('too early').
  if (event.eventState === EventState.Planning || event.eventState === EventState.Published) {
    return { activeRegistrationIds, ...all(Disabled, 'tooEarly') };
  }
  // 3. In Completed or Archived the actions are disabled ('too late').
  if (event.eventState === EventState.Completed || event.eventState === EventState.Archived) {
    return { activeRegistrationIds, ...all(Disabled, 'tooLate') };
  }
  // 4. With an external registration, only the external action is available.
  if (type === EventRegistrationType.ExternalRegistration) {
    return {
      activeRegistrationIds,
      registration: action(Unavailable, 'external'),
      unregistration: action(Unavailable, 'external'),
      external: action(Available, 'external'),
    };
  }
  const external = action(Unavailable, 'none');
  const passed = (deadline: string | null) => deadline !== null && Date.parse(deadline) < now.getTime();

  // 5. Registration is disabled after its deadline or when no slot is left (unless a waiting list
  // takes it, issue 19);
  // 6. unavailable when the user already has a Pending or Confirmed registration (or is waiting).
  const isFull = type === EventRegistrationType.LimitedSlots && (event.availableRegistrationSlots ?? 0) <= 0;
  let registration: ActionAvailability;
  if (passed(event.registrationTo)) registration = action(Disabled, 'registrationExpired');
  else if (isFull && !hasOpenWaitingList(event) && waiting.length === 0) {
    registration = action(Disabled, 'fullyBooked');
  } else if (active.length > 0) registration = action(Unavailable, 'alreadyRegistered');
  else if (waiting.length > 0) registration = action(Unavailable, 'onWaitingList');
  else if (isFull) registration = untilOr(event.registrationTo, 'waitingList');
  else registration = availableUntil(event.registrationTo);

  // 7. Unregistration is disabled after its deadline; unavailable without an active registration.
  // Leaving the waiting list is unregistering too (issue 19).
  let unregistration: ActionAvailability;
  if (passed(event.unregistrationTo)) unregistration = action(Disabled, 'unregistrationExpired');
  else if (active.length === 0 && waiting.length === 0) unregistration = action(Unavailable, 'notRegistered');
  else unregistration = availableUntil(event.unregistrationTo);

  return { activeRegistrationIds, registration, unregistration, external };
}

/** Available with `hint`; the deadline, if any, travels along for the message. */
function untilOr(deadline: string | null, hint: AvailabilityHint): ActionAvailability {
  return action(RegistrationAvailability.Available, hint, deadline);
}

function availableUntil(deadline: string | null): ActionAvailability {
  return deadline
    ? action(RegistrationAvailability.Available, 'availableUntil', deadline)
    : action(RegistrationAvailability.Available, 'available');
}

/**
 * Spec 02 §4: an event is registrable when Published or OpenForRegistration with no-registration
 * type, or OpenForRegistration with the registration action not disabled.
 */
export function isRegistrable(event: AvailabilityEvent, status: RegistrationStatus): boolean {
  const type = registrationTypeOf(event);
  if (type === EventRegistrationType.NoRegistration) {
    return event.eventState === EventState.Published || event.eventState === EventState.OpenForRegistration;
  }
  return (
    event.eventState === EventState.OpenForRegistration &&
    status.registration.mode !== RegistrationAvailability.Disabled
  );
}

/** Spec 02 §4: "A Confirmed registration marks the event as registered for the user." */
export const isRegistered = (ownRegistrations: readonly OwnRegistration[]) =>
  ownRegistrations.some((r) => r.eventRegistrationState === RegistrationState.Confirmed);
