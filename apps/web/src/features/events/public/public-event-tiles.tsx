import Box from '@mui/material/Box';
import type { Event } from '@bpw/domain/schemas/event';
import { useTranslation } from 'react-i18next';
import { EventStateChip } from '../shared/event-state-chip';
import { EventTile } from '../shared/event-tile';
import { publicEventPath } from '../shared/public-event';
import { RegistrationTypeBadge } from '../shared/registration-icons';

/** The tile view: a card per event that opens its page; images fade in 50 ms apart. */
export function PublicEventTiles({ events }: { events: readonly Event[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('eventsPublic.tilesLabel')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 17rem), 1fr))',
      }}
    >
      {events.map((event, index) => (
        <Box component="li" key={event.id} sx={{ minWidth: 0 }}>
          <EventTile event={event} href={publicEventPath(event.id)} index={index}>
            <EventStateChip state={event.eventState} />
            <RegistrationTypeBadge {...event} />
          </EventTile>
        </Box>
      ))}
    </Box>
  );
}
