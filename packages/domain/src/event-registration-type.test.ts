import { describe, expect, it } from 'vitest';
import { EventRegistrationType } from './enums/event';
import {
  type RegistrationTypeFormFields,
  eventToAfterFromChange,
  fieldsForRegistrationType,
  registrationTypeOf,
  typeForSlotsValue,
} from './event-registration-type';

/** Spec 02 §3 "Event registration type" and §4 "Registration type changes in the forms reset fields". */
const T = EventRegistrationType;
const url = 'https://example.ch/anmeldung';

describe('registrationTypeOf', () => {
  it.each([
    [{ registrationSlots: null, externalRegistrationUrl: null }, T.NoRegistration],
    [{ registrationSlots: undefined, externalRegistrationUrl: undefined }, T.NoRegistration],
    [{ registrationSlots: 0, externalRegistrationUrl: null }, T.UnlimitedSlots],
    [{ registrationSlots: 1, externalRegistrationUrl: null }, T.LimitedSlots],
    [{ registrationSlots: 250, externalRegistrationUrl: '' }, T.LimitedSlots],
    [{ registrationSlots: null, externalRegistrationUrl: url }, T.ExternalRegistration],
    // The URL wins over slots (the spec's first rule).
    [{ registrationSlots: 20, externalRegistrationUrl: url }, T.ExternalRegistration],
    [{ registrationSlots: 0, externalRegistrationUrl: url }, T.ExternalRegistration],
  ])('%o is %i', (fields, expected) => {
    expect(registrationTypeOf(fields)).toBe(expected);
  });
});

describe('fieldsForRegistrationType', () => {
  const filled: RegistrationTypeFormFields = {
    registrationSlots: 12,
    externalRegistrationUrl: url,
    registrationTo: '2026-06-01T10:00:00Z',
    unregistrationTo: '2026-05-30T10:00:00Z',
  };

  it('UnlimitedSlots: slots 0, external URL cleared, deadlines kept', () => {
    expect(fieldsForRegistrationType(T.UnlimitedSlots, filled)).toEqual({
      ...filled,
      registrationSlots: 0,
      externalRegistrationUrl: null,
    });
  });

  it('NoRegistration: slots, both deadlines and the external URL cleared', () => {
    expect(fieldsForRegistrationType(T.NoRegistration, filled)).toEqual({
      registrationSlots: null,
      registrationTo: null,
      unregistrationTo: null,
      externalRegistrationUrl: null,
    });
  });

  it('ExternalRegistration: slots cleared, the URL kept', () => {
    expect(fieldsForRegistrationType(T.ExternalRegistration, filled)).toEqual({ ...filled, registrationSlots: null });
  });

  it('LimitedSlots: external URL cleared and slots emptied for the user to type', () => {
    expect(fieldsForRegistrationType(T.LimitedSlots, filled)).toEqual({
      ...filled,
      externalRegistrationUrl: null,
      registrationSlots: null,
    });
  });

  it('gives back fields whose type is the chosen one (once a limited event has its slots)', () => {
    expect(registrationTypeOf(fieldsForRegistrationType(T.UnlimitedSlots, filled))).toBe(T.UnlimitedSlots);
    expect(registrationTypeOf(fieldsForRegistrationType(T.NoRegistration, filled))).toBe(T.NoRegistration);
    expect(registrationTypeOf(fieldsForRegistrationType(T.ExternalRegistration, filled))).toBe(T.ExternalRegistration);
    const limited = { ...fieldsForRegistrationType(T.LimitedSlots, filled), registrationSlots: 5 };
    expect(registrationTypeOf(limited)).toBe(T.LimitedSlots);
  });
});

describe('typeForSlotsValue', () => {
  it('forces UnlimitedSlots for 0 slots and keeps the chosen type otherwise', () => {
    expect(typeForSlotsValue(0, T.LimitedSlots)).toBe(T.UnlimitedSlots);
    expect(typeForSlotsValue(5, T.LimitedSlots)).toBe(T.LimitedSlots);
    expect(typeForSlotsValue(null, T.LimitedSlots)).toBe(T.LimitedSlots);
    expect(typeForSlotsValue(null, T.NoRegistration)).toBe(T.NoRegistration);
  });
});

describe('eventToAfterFromChange', () => {
  const from = '2026-06-01T16:00:00Z';
  const next = '2026-06-08T16:00:00Z';

  it('moves eventTo along when it equalled eventFrom', () => {
    expect(eventToAfterFromChange(from, next, from)).toBe(next);
  });

  it('keeps a different or empty eventTo, and needs a previous eventFrom', () => {
    expect(eventToAfterFromChange(from, next, '2026-06-01T19:00:00Z')).toBe('2026-06-01T19:00:00Z');
    expect(eventToAfterFromChange(from, next, null)).toBeNull();
    expect(eventToAfterFromChange(null, next, from)).toBe(from);
  });
});
