import type { EventDetail } from '@bpw/domain/schemas/event';
import { useTranslation } from 'react-i18next';
import { EventCard, EventCardItem, EventCardList } from './event-card';
import { formatDateTime } from '../shared/format-event-date';

/** From and to ('-' without an end). */
export function EventDatesCard({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <EventCard title={t('eventsStaff.cards.dates')}>
      <EventCardList>
        <EventCardItem label={t('eventsStaff.fields.eventFrom')}>
          {formatDateTime(event.eventFrom, i18n.language)}
        </EventCardItem>
        <EventCardItem label={t('eventsStaff.fields.eventTo')}>
          {event.eventTo ? formatDateTime(event.eventTo, i18n.language) : '-'}
        </EventCardItem>
      </EventCardList>
    </EventCard>
  );
}
