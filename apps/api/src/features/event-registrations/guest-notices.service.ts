import type { NotificationType } from '@bpw/domain/enums/notification';
import { activeRegistrationStates } from '@bpw/domain/enums/registration';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { eventRegistrations } from '../../db/schema';
import { queueMail } from '../../platform/mail/outbox';
import { guestNoticeMail } from './reminder-mail';

/** The guests (no person) with an active registration of the event, with the language they registered in. */
async function findActiveGuests(db: DbOrTx, params: { eventId: string }) {
  return db
    .select({ email: eventRegistrations.email, languageCode: eventRegistrations.languageCode })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, params.eventId),
        isNull(eventRegistrations.personId),
        inArray(eventRegistrations.eventRegistrationState, [...activeRegistrationStates]),
      ),
    );
}

/**
 * Tells the event's guest registrants what members hear through the notification service (e.g.
 * BookedEventUpdated), by mail, inside the caller's transaction (the outbox sends after commit).
 */
export async function mailGuestRegistrants(
  tx: Tx,
  options: { eventId: string; type: NotificationType; params: Record<string, string>; link: string },
): Promise<number> {
  const guests = await findActiveGuests(tx, { eventId: options.eventId });
  for (const guest of guests) {
    await queueMail(tx, guestNoticeMail({ ...options, to: guest.email, languageCode: guest.languageCode }));
  }
  return guests.length;
}
