import { EventRegistrationType, EventState, publicPageEventStates } from '@bpw/domain/enums/event';
import { NotificationType } from '@bpw/domain/enums/notification';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { registrationTypeOf } from '@bpw/domain/event-registration-type';
import {
  type OwnRegistration,
  type RegistrationStatus,
  registrationStatusOf,
} from '@bpw/domain/registration-availability';
import { toIsoWithoutMilliseconds } from '@bpw/domain/time-input';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import { queueMail } from '../../platform/mail/outbox';
import type { Notifier } from '../notifications/notify.service';
import { queueTicketMail } from '../event-check-in/ticket-mail.service';
import { languageOrDefault, renderGuestStateMail, stateChangedTexts } from './registration-mails';
import type { RegistrationEventRow } from './registration-checks.queries';

export const isPublicState = (state: number) => (publicPageEventStates as readonly number[]).includes(state);
export const isOver = (state: number) => state === EventState.Completed || state === EventState.Archived;

const iso = (date: Date | null) => (date ? toIsoWithoutMilliseconds(date) : null);

/** Spec 02 §4 for an event row, with `takenSlots` Pending and Confirmed registrations. */
export function statusOf(
  event: RegistrationEventRow,
  takenSlots: number,
  own: readonly OwnRegistration[],
  now: Date,
): RegistrationStatus {
  const isLimited = registrationTypeOf(event) === EventRegistrationType.LimitedSlots;
  return registrationStatusOf(
    {
      eventState: event.eventState,
      registrationSlots: event.registrationSlots,
      externalRegistrationUrl: event.externalRegistrationUrl,
      registrationTo: iso(event.registrationTo),
      unregistrationTo: iso(event.unregistrationTo),
      availableRegistrationSlots: isLimited ? Math.max(0, event.registrationSlots! - takenSlots) : null,
      hasWaitingList: event.hasWaitingList,
      isWaitingListClosed: event.isWaitingListClosed,
    },
    own,
    now,
  );
}

export const publicEventLink = (publicUrl: string, eventId: string) => `${publicUrl}/events-public/${eventId}`;

/**
 * EventRegistrationStateChanged to the registrant, in the same transaction as the change: a
 * member through the notification service (her subscription decides the channels), a guest by
 * mail in the language she registered in. Confirmed brings the ticket mail (issue 19), which for
 * a guest takes the place of the state mail.
 */
export async function informRegistrant(
  deps: Pick<FeatureDeps, 'config' | 'db'>,
  tx: Tx,
  notify: Notifier,
  registration: {
    id: string;
    personId: string | null;
    email: string;
    firstname: string;
    lastname: string;
    languageCode: string;
    eventId: string;
    eventTitle: string;
  },
  state: RegistrationState,
) {
  const link = publicEventLink(deps.config.publicUrl, registration.eventId);
  const isConfirmed = state === RegistrationState.Confirmed;
  if (isConfirmed) await queueTicketMail(deps, tx, registration.id);
  if (registration.personId) {
    await notify.persons({
      personIds: [registration.personId],
      type: NotificationType.EventRegistrationStateChanged,
      eventId: registration.eventId,
      link,
      text: { byLanguage: stateChangedTexts(state), params: { event: registration.eventTitle } },
    });
    return;
  }
  if (isConfirmed) return;
  await queueMail(
    tx,
    renderGuestStateMail(languageOrDefault(registration.languageCode), {
      to: registration.email,
      name: `${registration.firstname} ${registration.lastname}`,
      eventTitle: registration.eventTitle,
      state,
      link,
    }),
  );
}
