import { EventState } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import type { AvailabilityEvent } from '@bpw/domain/registration-availability';
import { describe, expect, it } from 'vitest';
import { canConfirmRegistration, staffUnregistration } from './registration-row-rules';

const now = new Date('2026-05-01T10:00:00Z');
const open: AvailabilityEvent = {
  eventState: EventState.OpenForRegistration,
  registrationSlots: 10,
  externalRegistrationUrl: null,
  registrationTo: null,
  unregistrationTo: '2026-05-10T10:00:00Z',
  availableRegistrationSlots: 0,
};
const registration = (eventRegistrationState: number) => ({ id: 'r1', eventRegistrationState });

describe('staff unregistration of a registration', () => {
  it('is available for a Pending or Confirmed registration of an open event, even a full one', () => {
    expect(staffUnregistration(open, registration(RegistrationState.Pending), now).isAvailable).toBe(true);
    expect(staffUnregistration(open, registration(RegistrationState.Confirmed), now).isAvailable).toBe(true);
  });

  it('is disabled without a reason when the registration is Unregistered already', () => {
    expect(staffUnregistration(open, registration(RegistrationState.Unregistered), now)).toEqual({
      isAvailable: false,
      reason: null,
    });
  });

  it('is disabled after the unregistration deadline, and says so', () => {
    const result = staffUnregistration(
      { ...open, unregistrationTo: '2026-04-30T10:00:00Z' },
      registration(RegistrationState.Confirmed),
      now,
    );
    expect(result.isAvailable).toBe(false);
    expect(result.reason?.hint).toBe('unregistrationExpired');
  });

  it('is disabled once the event is completed ("too late")', () => {
    const result = staffUnregistration(
      { ...open, eventState: EventState.Completed },
      registration(RegistrationState.Confirmed),
      now,
    );
    expect(result.reason?.hint).toBe('tooLate');
  });

  it('is not available for a Rejected registration (not active)', () => {
    expect(staffUnregistration(open, registration(RegistrationState.Rejected), now).reason?.hint).toBe('notRegistered');
  });
});

describe('confirm', () => {
  it('is offered only for a Pending registration', () => {
    expect(canConfirmRegistration(registration(RegistrationState.Pending))).toBe(true);
    for (const state of [RegistrationState.Confirmed, RegistrationState.Rejected, RegistrationState.Unregistered]) {
      expect(canConfirmRegistration(registration(state))).toBe(false);
    }
  });
});
