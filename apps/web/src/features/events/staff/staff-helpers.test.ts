import { EventRegistrationType, EventState, RegistrationAvailability } from '@bpw/domain/enums/event';
import type { Event } from '@bpw/domain/schemas/event';
import { describe, expect, it } from 'vitest';
import { eventAvailability } from './event-availability-icons';
import { isOnMap } from './event-location-card';
import { usedSlotsPercent } from './slot-progress';

describe('slot progress', () => {
  it('is the share of used slots, whole percent, within 0 and 100', () => {
    expect(usedSlotsPercent(20, 20)).toBe(0);
    expect(usedSlotsPercent(20, 15)).toBe(25);
    expect(usedSlotsPercent(3, 1)).toBe(67);
    expect(usedSlotsPercent(20, 0)).toBe(100);
    expect(usedSlotsPercent(20, -2)).toBe(100);
    expect(usedSlotsPercent(20, null)).toBe(100);
    expect(usedSlotsPercent(0, 0)).toBe(0);
  });
});

describe('coordinates on the map', () => {
  it('shows Swiss coordinates only', () => {
    expect(isOnMap(47.3769, 8.5417)).toBe(true);
    expect(isOnMap(46.0037, 8.9511)).toBe(true);
    expect(isOnMap(null, 8.5)).toBe(false);
    expect(isOnMap(48.8566, 2.3522)).toBe(false);
    expect(isOnMap(0, 0)).toBe(false);
  });
});

describe('registration availability in the staff list', () => {
  const now = new Date('2030-03-01T12:00:00Z');
  const event = (overrides: Partial<Event>) =>
    ({
      eventState: EventState.OpenForRegistration,
      registrationSlots: 10,
      availableRegistrationSlots: 4,
      registrationType: EventRegistrationType.LimitedSlots,
      externalRegistrationUrl: null,
      registrationTo: '2030-03-10T12:00:00Z',
      unregistrationTo: '2030-02-20T12:00:00Z',
      ...overrides,
    }) as Event;

  it('judges registration as for a newcomer and unregistration as for a registrant', () => {
    const { registration, unregistration } = eventAvailability(event({}), now);
    expect(registration.mode).toBe(RegistrationAvailability.Available);
    expect(registration.hint).toBe('availableUntil');
    expect(unregistration.mode).toBe(RegistrationAvailability.Disabled);
    expect(unregistration.hint).toBe('unregistrationExpired');
  });

  it('shows a full event as disabled and a planned one as too early', () => {
    expect(eventAvailability(event({ availableRegistrationSlots: 0 }), now).registration.hint).toBe('fullyBooked');
    expect(eventAvailability(event({ eventState: EventState.Planning }), now).registration.hint).toBe('tooEarly');
  });
});
