import { RegistrationState } from '@bpw/domain/enums/registration';
import { type SQL, and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { eventRegistrations as r } from './schema/registrations';

/**
 * Which registrations hold a slot, as SQL for every feature that counts slots (registrations,
 * the event list, the event write's slot check, reminders): Confirmed, or Pending and not expired
 * at `now` (issue 15). An expired Pending registration is free at once, whether or not the expiry
 * job has run.
 */
export const holdsSlotAt = (now: Date): SQL =>
  or(
    eq(r.eventRegistrationState, RegistrationState.Confirmed),
    and(eq(r.eventRegistrationState, RegistrationState.Pending), or(isNull(r.expiresAt), gt(r.expiresAt, now))),
  )!;

/** A Pending registration whose time to confirm has run out at `now`. */
export const isExpiredAt = (now: Date): SQL =>
  and(eq(r.eventRegistrationState, RegistrationState.Pending), lte(r.expiresAt, now))!;
