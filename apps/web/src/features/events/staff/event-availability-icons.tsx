import { RegistrationState } from '@bpw/domain/enums/registration';
import { registrationStatusOf } from '@bpw/domain/registration-availability';
import type { Event } from '@bpw/domain/schemas/event';
import { RegistrationAvailabilityIcons } from '../shared/registration-icons';

/**
 * What a person could do now (spec 02 §4): register as a newcomer, unregister as a registrant.
 * Staff have no registration of their own to judge by, so both are asked for.
 */
export function eventAvailability(event: Event, now: Date) {
  const registrant = [{ id: 'registrant', eventRegistrationState: RegistrationState.Confirmed }];
  return {
    registration: registrationStatusOf(event, [], now).registration,
    unregistration: registrationStatusOf(event, registrant, now).unregistration,
  };
}

/** Spec 02 §2 staff list: the registration availability icons; a dash for events without registration. */
export function EventAvailabilityIcons({ event, now }: { event: Event; now: Date }) {
  const { registration, unregistration } = eventAvailability(event, now);
  if (registration.hint === 'none') return <span aria-hidden>–</span>;
  return <RegistrationAvailabilityIcons registration={registration} unregistration={unregistration} />;
}
