import { RegistrationAvailability } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import {
  registrationStatusOf,
  type ActionAvailability,
  type AvailabilityEvent,
} from '@bpw/domain/registration-availability';

/**
 * Spec 02 §2 "Registrations tab": confirm is offered only for a Pending registration; unregister
 * is disabled when the registration is Unregistered already or unregistration is not available.
 * "Available" is the spec's §4 rule applied to this registration as if it were the registrant's
 * own: not before the event opens, not after it is over, not after the unregistration deadline,
 * and only for an active (Pending or Confirmed) registration. The answer carries the reason, so
 * the disabled menu entry can say why.
 */
export function staffUnregistration(
  event: AvailabilityEvent,
  registration: { id: string; eventRegistrationState: number },
  now: Date,
): { isAvailable: boolean; reason: ActionAvailability | null } {
  if (registration.eventRegistrationState === RegistrationState.Unregistered) {
    return { isAvailable: false, reason: null };
  }
  const { unregistration } = registrationStatusOf(event, [registration], now);
  const isAvailable = unregistration.mode === RegistrationAvailability.Available;
  return { isAvailable, reason: isAvailable ? null : unregistration };
}

/** Confirm is offered for a Pending registration whose time to confirm has not run out (issue 15). */
export const canConfirmRegistration = (
  registration: { eventRegistrationState: number; expiresAt?: string | null },
  now: Date = new Date(),
) => registration.eventRegistrationState === RegistrationState.Pending && !isExpired(registration, now);

/** Staff may give every Pending registration, expired or not, the event's time to confirm again. */
export const canExtendRegistration = (registration: { eventRegistrationState: number }) =>
  registration.eventRegistrationState === RegistrationState.Pending;

/** A Pending registration not confirmed in time: it holds no slot any more. */
export const isExpired = (registration: { eventRegistrationState: number; expiresAt?: string | null }, now: Date) =>
  registration.eventRegistrationState === RegistrationState.Pending &&
  Boolean(registration.expiresAt) &&
  Date.parse(registration.expiresAt!) <= now.getTime();
