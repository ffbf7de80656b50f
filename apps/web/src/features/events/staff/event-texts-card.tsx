import type { EventDetail } from '@bpw/domain/schemas/event';
import { useTranslation } from 'react-i18next';
import { EventCard } from './event-card';
import { EventTexts } from '../shared/event-texts';

/** The teaser (paragraphs at line breaks) and the markdown description. */
export function EventTextsCard({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  return (
    <EventCard title={t('eventsStaff.cards.texts')}>
      <EventTexts teaserText={event.teaserText} description={event.description} />
    </EventCard>
  );
}
