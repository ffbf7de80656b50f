import { EventRegistrationType } from './enums/event';

/** The fields the registration type follows from (spec 02 §3 "Event registration type"). */
export type RegistrationTypeFields = {
  registrationSlots: number | null | undefined;
  externalRegistrationUrl: string | null | undefined;
};

/** An external URL gives ExternalRegistration; null slots NoRegistration; slots above 0 LimitedSlots; else UnlimitedSlots. */
export function registrationTypeOf(event: RegistrationTypeFields): EventRegistrationType {
  if (event.externalRegistrationUrl) return EventRegistrationType.ExternalRegistration;
  if (event.registrationSlots === null || event.registrationSlots === undefined) {
    return EventRegistrationType.NoRegistration;
  }
  return event.registrationSlots > 0 ? EventRegistrationType.LimitedSlots : EventRegistrationType.UnlimitedSlots;
}

export type RegistrationTypeFormFields = RegistrationTypeFields & {
  registrationTo: string | null | undefined;
  unregistrationTo: string | null | undefined;
};

/**
 * What the event form resets when the user picks a registration type (spec 02 §4 "Registration
 * type changes in the forms reset fields"). LimitedSlots empties the slots so the user types a number.
 */
export function fieldsForRegistrationType(
  type: EventRegistrationType,
  current: RegistrationTypeFormFields,
): RegistrationTypeFormFields {
  switch (type) {
    case EventRegistrationType.UnlimitedSlots:
      return { ...current, registrationSlots: 0, externalRegistrationUrl: null };
    case EventRegistrationType.NoRegistration:
      return {
        registrationSlots: null,
        registrationTo: null,
        unregistrationTo: null,
        externalRegistrationUrl: null,
      };
    case EventRegistrationType.ExternalRegistration:
      return { ...current, registrationSlots: null };
    case EventRegistrationType.LimitedSlots:
      return { ...current, externalRegistrationUrl: null, registrationSlots: null };
  }
}

/** Spec 02 §4: "A slots value of 0 forces UnlimitedSlots." */
export const typeForSlotsValue = (slots: number | null, chosen: EventRegistrationType): EventRegistrationType =>
  slots === 0 ? EventRegistrationType.UnlimitedSlots : chosen;

/** Spec 02 §4: "Setting eventFrom moves eventTo along if they were equal." */
export function eventToAfterFromChange(
  previousFrom: string | null,
  nextFrom: string | null,
  eventTo: string | null,
): string | null {
  return eventTo !== null && previousFrom !== null && eventTo === previousFrom ? nextFrom : eventTo;
}
