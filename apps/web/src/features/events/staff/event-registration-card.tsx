import Link from '@mui/material/Link';
import { EventRegistrationType } from '@bpw/domain/enums/event';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventAvailability } from './event-availability-icons';
import { EventCard, EventCardItem, EventCardList } from './event-card';
import { SlotProgress } from './slot-progress';
import { formatDateTime } from '../shared/format-event-date';
import { RegistrationTypeBadge, useAvailabilityText } from '../shared/registration-icons';
import { breakLongWords } from '../../../lib/map-links';

/** Registration type, slot progress, deadlines, external URL, list visibility and what is possible now. */
export function EventRegistrationCard({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => new Date());
  const availabilityText = useAvailabilityText();
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  const type = event.registrationType;
  const hasRegistration = type !== EventRegistrationType.NoRegistration;
  const availability = eventAvailability(event, now);
  return (
    <EventCard title={t('eventsStaff.cards.registration')}>
      <EventCardList>
        <EventCardItem label={label('registrationType')}>
          <RegistrationTypeBadge
            registrationType={type}
            registrationSlots={event.registrationSlots}
            availableRegistrationSlots={event.availableRegistrationSlots}
          />
        </EventCardItem>
        {type === EventRegistrationType.LimitedSlots && event.registrationSlots ? (
          <EventCardItem label={label('registrationSlots')}>
            <SlotProgress total={event.registrationSlots} available={event.availableRegistrationSlots} />
          </EventCardItem>
        ) : null}
        {event.externalRegistrationUrl ? (
          <EventCardItem label={label('externalRegistrationUrl')}>
            <Link href={event.externalRegistrationUrl} target="_blank" rel="noopener noreferrer" underline="always">
              {breakLongWords(event.externalRegistrationUrl)}
            </Link>
          </EventCardItem>
        ) : null}
        {hasRegistration ? (
          <>
            <EventCardItem label={label('registrationTo')}>
              {event.registrationTo ? formatDateTime(event.registrationTo, i18n.language) : '-'}
            </EventCardItem>
            <EventCardItem label={label('unregistrationTo')}>
              {event.unregistrationTo ? formatDateTime(event.unregistrationTo, i18n.language) : '-'}
            </EventCardItem>
            <EventCardItem label={t('eventsStaff.registration.registrationNow')}>
              {availabilityText(availability.registration)}
            </EventCardItem>
            {type !== EventRegistrationType.ExternalRegistration ? (
              <EventCardItem label={t('eventsStaff.registration.unregistrationNow')}>
                {availabilityText(availability.unregistration)}
              </EventCardItem>
            ) : null}
          </>
        ) : null}
        {type === EventRegistrationType.LimitedSlots ? (
          <EventCardItem label={t('eventsStaff.registration.waitingList')}>
            {!event.hasWaitingList
              ? t('eventsStaff.no')
              : event.isWaitingListClosed
                ? t('eventsStaff.registration.waitingListClosed')
                : t('eventsStaff.registration.waitingListOpen', { hours: event.waitingListConfirmHours })}
          </EventCardItem>
        ) : null}
        <EventCardItem label={label('isRegistrationListPublic')}>
          {t(event.isRegistrationListPublic ? 'eventsStaff.yes' : 'eventsStaff.no')}
        </EventCardItem>
      </EventCardList>
    </EventCard>
  );
}
