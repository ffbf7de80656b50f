import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { Event } from '@bpw/domain/schemas/event';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EventStateChip } from '../shared/event-state-chip';
import { formatEventRange } from '../shared/format-event-date';
import { publicEventPath } from '../shared/public-event';

/** The list view: a row per event (date, title, club, place) that opens its page. */
export function PublicEventListView({ events }: { events: readonly Event[] }) {
  const { t, i18n } = useTranslation();
  return (
    <List aria-label={t('eventsPublic.listLabel')} sx={{ bgcolor: 'background.paper', borderRadius: 1, py: 0 }}>
      {events.map((event, index) => (
        <ListItem key={event.id} disablePadding divider={index < events.length - 1}>
          <ListItemButton
            component={RouterLink}
            to={publicEventPath(event.id)}
            sx={{ alignItems: 'flex-start', gap: 2 }}
          >
            <ListItemText
              primary={event.title}
              secondary={
                <>
                  <span style={{ display: 'block' }}>
                    {formatEventRange(event.eventFrom, event.eventTo, i18n.language)}
                  </span>
                  <span style={{ display: 'block' }}>
                    {[event.responsibleClub.name, event.location, event.city].filter(Boolean).join(' · ')}
                  </span>
                </>
              }
              slotProps={{
                primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                secondary: { component: 'span', sx: { overflowWrap: 'anywhere' } },
              }}
            />
            <Stack sx={{ flexShrink: 0, pt: 0.5, display: { xs: 'none', sm: 'flex' } }}>
              <EventStateChip state={event.eventState} />
            </Stack>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
