import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { languageCodeEnum, type LanguageCode } from '@bpw/domain/enums/language';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EventCard, EventCardItem, EventCardList } from './event-card';
import { EventStateChip } from '../shared/event-state-chip';
import { breakLongWords } from '../../../lib/map-links';

/** Basic information: title, categories, responsible club, state, language, contact and cost. */
export function EventBasicsCard({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  return (
    <EventCard title={t('eventsStaff.cards.basics')}>
      <EventCardList>
        <EventCardItem label={label('title')}>{event.title}</EventCardItem>
        <EventCardItem label={label('eventCategories')}>
          <Stack component="span" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {event.eventCategories.map((category) => (
              <Chip
                key={category.id}
                size="small"
                variant="outlined"
                label={category.title}
                component={RouterLink}
                to={`/event-categories/${category.id}`}
                clickable
              />
            ))}
          </Stack>
        </EventCardItem>
        <EventCardItem label={label('responsibleClub')}>
          <Chip
            size="small"
            variant="outlined"
            label={event.responsibleClub.name}
            component={RouterLink}
            to={`/clubs/${event.responsibleClub.id}`}
            clickable
          />
        </EventCardItem>
        <EventCardItem label={label('eventState')}>
          <EventStateChip state={event.eventState} />
        </EventCardItem>
        <EventCardItem label={label('defaultLanguageCode')}>
          {languageCodeEnum.is(event.defaultLanguageCode)
            ? t(languageCodeEnum.labelKey(event.defaultLanguageCode as LanguageCode))
            : event.defaultLanguageCode}
        </EventCardItem>
        {event.contactDetails ? (
          <EventCardItem label={label('contactDetails')}>{breakLongWords(event.contactDetails)}</EventCardItem>
        ) : null}
        {event.cost ? <EventCardItem label={label('cost')}>{breakLongWords(event.cost)}</EventCardItem> : null}
      </EventCardList>
    </EventCard>
  );
}
