import { describe, expect, it } from 'vitest';
import { EventState, RegistrationAvailability } from './enums/event';
import { RegistrationState } from './enums/registration';
import deCH from './messages/de-CH.json';
import enUS from './messages/en-US.json';
import frCH from './messages/fr-CH.json';
import itCH from './messages/it-CH.json';
import {
  type ActionAvailability,
  AvailabilityHint,
  type AvailabilityEvent,
  type OwnRegistration,
  availabilityHintKey,
  isRegistered,
  isRegistrable,
  registrationStatusOf,
} from './registration-availability';

/** Spec 02 §4 "Registration availability", its seven steps in order, and "Messages shown". */

const now = new Date('2026-06-01T12:00:00Z');
const past = '2026-05-31T12:00:00Z';
const future = '2026-06-10T12:00:00Z';
const { Unavailable, Disabled, Available } = RegistrationAvailability;
const S = EventState;

const unlimited: AvailabilityEvent = {
  eventState: S.OpenForRegistration,
  registrationSlots: 0,
  externalRegistrationUrl: null,
  registrationTo: null,
  unregistrationTo: null,
  availableRegistrationSlots: null,
};
const limited = (left: number): AvailabilityEvent => ({
  ...unlimited,
  registrationSlots: 10,
  availableRegistrationSlots: left,
});
const noRegistration: AvailabilityEvent = { ...unlimited, registrationSlots: null };
const external: AvailabilityEvent = {
  ...unlimited,
  registrationSlots: null,
  externalRegistrationUrl: 'https://example.ch/anmeldung',
};

const pending: OwnRegistration = { id: 'r-pending', eventRegistrationState: RegistrationState.Pending };
const confirmed: OwnRegistration = { id: 'r-confirmed', eventRegistrationState: RegistrationState.Confirmed };
const unregistered: OwnRegistration = { id: 'r-gone', eventRegistrationState: RegistrationState.Unregistered };
const rejected: OwnRegistration = { id: 'r-rejected', eventRegistrationState: RegistrationState.Rejected };
const waiting: OwnRegistration = { id: 'r-waiting', eventRegistrationState: RegistrationState.Waiting };
const withWaitingList = (event: AvailabilityEvent, isWaitingListClosed = false): AvailabilityEvent => ({
  ...event,
  hasWaitingList: true,
  isWaitingListClosed,
});

type Expected = [mode: number, hint: AvailabilityHint, until?: string];
type Row = {
  step: number;
  name: string;
  event: AvailabilityEvent;
  own?: OwnRegistration[];
  registration: Expected;
  unregistration: Expected;
  external: Expected;
};

const h = AvailabilityHint;
const rows: Row[] = [
  // 1. No registration: everything unavailable, whatever the state.
  ...[S.Planning, S.Published, S.OpenForRegistration, S.Completed, S.Archived].map((eventState): Row => ({
    step: 1,
    name: `no registration in state ${eventState}`,
    event: { ...noRegistration, eventState },
    registration: [Unavailable, h.none],
    unregistration: [Unavailable, h.none],
    external: [Unavailable, h.none],
  })),
  // 2. Planning or Published: too early, also for external and limited events.
  ...[S.Planning, S.Published].flatMap((eventState) =>
    [unlimited, limited(3), external].map((event): Row => ({
      step: 2,
      name: `state ${eventState}, slots ${event.registrationSlots}, url ${Boolean(event.externalRegistrationUrl)}`,
      event: { ...event, eventState },
      registration: [Disabled, h.tooEarly],
      unregistration: [Disabled, h.tooEarly],
      external: [Disabled, h.tooEarly],
    })),
  ),
  // 3. Completed or Archived: too late, even for a registered member.
  ...[S.Completed, S.Archived].flatMap((eventState) =>
    [unlimited, external].map((event): Row => ({
      step: 3,
      name: `state ${eventState}, url ${Boolean(event.externalRegistrationUrl)}`,
      event: { ...event, eventState },
      own: [confirmed],
      registration: [Disabled, h.tooLate],
      unregistration: [Disabled, h.tooLate],
      external: [Disabled, h.tooLate],
    })),
  ),
  // 4. External registration: only the external action, deadlines and slots do not matter.
  {
    step: 4,
    name: 'external registration',
    event: external,
    registration: [Unavailable, h.external],
    unregistration: [Unavailable, h.external],
    external: [Available, h.external],
  },
  {
    step: 4,
    name: 'external registration with a past deadline and a registration',
    event: { ...external, registrationTo: past, unregistrationTo: past },
    own: [confirmed],
    registration: [Unavailable, h.external],
    unregistration: [Unavailable, h.external],
    external: [Available, h.external],
  },
  // 5. Registration disabled after the deadline or with no slot left.
  {
    step: 5,
    name: 'registration deadline passed',
    event: { ...unlimited, registrationTo: past },
    registration: [Disabled, h.registrationExpired],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  {
    step: 5,
    name: 'deadline passed comes before fully booked',
    event: { ...limited(0), registrationTo: past },
    registration: [Disabled, h.registrationExpired],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  {
    step: 5,
    name: 'no slot left',
    event: limited(0),
    registration: [Disabled, h.fullyBooked],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  {
    step: 5,
    name: 'fully booked comes before already registered; the registered one may still unregister',
    event: limited(0),
    own: [confirmed],
    registration: [Disabled, h.fullyBooked],
    unregistration: [Available, h.available],
    external: [Unavailable, h.none],
  },
  {
    step: 5,
    name: 'one slot left',
    event: limited(1),
    registration: [Available, h.available],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  // Issue 19: the waiting list.
  {
    step: 5,
    name: 'full with an open waiting list: registering joins the list',
    event: { ...withWaitingList(limited(0)), registrationTo: future },
    registration: [Available, h.waitingList, future],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  {
    step: 5,
    name: 'full with a closed waiting list: fully booked',
    event: withWaitingList(limited(0), true),
    registration: [Disabled, h.fullyBooked],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  {
    step: 5,
    name: 'a waiting list does not matter while slots are left',
    event: withWaitingList(limited(2)),
    registration: [Available, h.available],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  ...[false, true].map((isClosed): Row => ({
    step: 6,
    name: `on the waiting list (closed: ${isClosed}): she may leave it`,
    event: withWaitingList(limited(0), isClosed),
    own: [waiting],
    registration: [Unavailable, h.onWaitingList],
    unregistration: [Available, h.available],
    external: [Unavailable, h.none],
  })),
  {
    step: 6,
    name: 'full with an open waiting list and already registered',
    event: withWaitingList(limited(0)),
    own: [confirmed],
    registration: [Unavailable, h.alreadyRegistered],
    unregistration: [Available, h.available],
    external: [Unavailable, h.none],
  },
  {
    step: 5,
    name: 'an unlimited event is never fully booked',
    event: { ...unlimited, availableRegistrationSlots: null },
    registration: [Available, h.available],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  // 6. Already registered (Pending or Confirmed).
  ...[pending, confirmed].map((own): Row => ({
    step: 6,
    name: `already registered (${own.eventRegistrationState})`,
    event: { ...limited(4), unregistrationTo: future },
    own: [unregistered, own],
    registration: [Unavailable, h.alreadyRegistered],
    unregistration: [Available, h.availableUntil, future],
    external: [Unavailable, h.none],
  })),
  {
    step: 6,
    name: 'an unregistered or rejected registration does not count',
    event: { ...unlimited, registrationTo: future },
    own: [unregistered, rejected],
    registration: [Available, h.availableUntil, future],
    unregistration: [Unavailable, h.notRegistered],
    external: [Unavailable, h.none],
  },
  // 7. Unregistration: disabled after its deadline, unavailable without an active registration.
  {
    step: 7,
    name: 'unregistration deadline passed',
    event: { ...unlimited, unregistrationTo: past },
    own: [confirmed],
    registration: [Unavailable, h.alreadyRegistered],
    unregistration: [Disabled, h.unregistrationExpired],
    external: [Unavailable, h.none],
  },
  {
    step: 7,
    name: 'unregistration deadline passed without a registration',
    event: { ...unlimited, unregistrationTo: past },
    registration: [Available, h.available],
    unregistration: [Disabled, h.unregistrationExpired],
    external: [Unavailable, h.none],
  },
  {
    step: 7,
    name: 'a deadline exactly now has not passed yet',
    event: { ...unlimited, registrationTo: now.toISOString(), unregistrationTo: now.toISOString() },
    own: [pending],
    registration: [Unavailable, h.alreadyRegistered],
    unregistration: [Available, h.availableUntil, now.toISOString()],
    external: [Unavailable, h.none],
  },
];

const actual = (a: ActionAvailability): Expected => (a.until ? [a.mode, a.hint, a.until] : [a.mode, a.hint]);

describe('registrationStatusOf', () => {
  it.each(rows)('step $step: $name', (row) => {
    const status = registrationStatusOf(row.event, row.own ?? [], now);
    expect({
      registration: actual(status.registration),
      unregistration: actual(status.unregistration),
      external: actual(status.external),
    }).toEqual({ registration: row.registration, unregistration: row.unregistration, external: row.external });
  });

  it('covers every step and every message', () => {
    expect(new Set(rows.map((r) => r.step))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    const hints = new Set(rows.flatMap((r) => [r.registration[1], r.unregistration[1], r.external[1]]));
    expect([...hints].sort()).toEqual(Object.values(AvailabilityHint).sort());
  });

  it('lists the active registrations only (Pending and Confirmed)', () => {
    const status = registrationStatusOf(unlimited, [pending, unregistered, confirmed, rejected], now);
    expect(status.activeRegistrationIds).toEqual(['r-pending', 'r-confirmed']);
    expect(registrationStatusOf(noRegistration, [pending], now).activeRegistrationIds).toEqual(['r-pending']);
  });

  it('has every message in all four languages', () => {
    const files = { deCH, frCH, itCH, enUS } as Record<string, { eventAvailability: Record<string, string> }>;
    for (const [locale, messages] of Object.entries(files)) {
      for (const hint of Object.values(AvailabilityHint)) {
        expect(availabilityHintKey(hint)).toBe(`eventAvailability.${hint}`);
        expect(messages.eventAvailability[hint], `${locale} ${hint}`).toBeTruthy();
      }
      expect(messages.eventAvailability.availableUntil).toContain('{{date}}');
    }
  });
});

describe('isRegistrable', () => {
  const registrable = (event: AvailabilityEvent, own: OwnRegistration[] = []) =>
    isRegistrable(event, registrationStatusOf(event, own, now));

  it.each([
    ['no registration, Published', { ...noRegistration, eventState: S.Published }, true],
    ['no registration, OpenForRegistration', noRegistration, true],
    ['no registration, Planning', { ...noRegistration, eventState: S.Planning }, false],
    ['no registration, Completed', { ...noRegistration, eventState: S.Completed }, false],
    ['unlimited, OpenForRegistration', unlimited, true],
    ['unlimited, Published (too early)', { ...unlimited, eventState: S.Published }, false],
    ['limited, fully booked', limited(0), false],
    ['limited, deadline passed', { ...limited(3), registrationTo: past }, false],
    ['external, OpenForRegistration', external, true],
    ['external, Completed', { ...external, eventState: S.Completed }, false],
  ] as const)('%s: %s', (_name, event, expected) => {
    expect(registrable(event)).toBe(expected);
  });

  it('stays registrable for someone already registered (unavailable is not disabled)', () => {
    expect(registrable(unlimited, [confirmed])).toBe(true);
  });
});

describe('isRegistered', () => {
  it('is true with a Confirmed registration only', () => {
    expect(isRegistered([confirmed])).toBe(true);
    expect(isRegistered([pending, unregistered])).toBe(false);
    expect(isRegistered([])).toBe(false);
  });
});
