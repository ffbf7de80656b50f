import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EventImage } from './event-image';
import { EventMetaData } from './event-meta-data';
import { EventStateChip } from './event-state-chip';
import { EventTexts } from './event-texts';
import { eventIcsUrl, type PublicEventDetail } from './public-event';
import { RegisteredPeople, shouldShowRegisteredPeople } from './registered-people';
import { RegistrationActions } from './registration-actions';

interface PublicEventViewProps {
  event: PublicEventDetail;
  isSignedIn: boolean;
  /** h1 on the public page, h2 inside the staff preview dialog. */
  titleComponent?: 'h1' | 'h2';
  /** False in the staff preview: actions show their state but lead nowhere. */
  isInteractive?: boolean;
}

/**
 * Spec 02 §2 "Public event detail": image, meta data, title, club, registration actions, teaser,
 * description, the registered people and add-to-calendar. The public page and the staff
 * preview dialog both show it.
 */
export function PublicEventView({
  event,
  isSignedIn,
  titleComponent = 'h1',
  isInteractive = true,
}: PublicEventViewProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 3,
        rowGap: 2,
        // On phones the registration comes right after the title, before the long texts.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(16rem, 1fr)' },
        gridTemplateAreas: { xs: '"head" "side" "body"', md: '"head side" "body side"' },
        gridTemplateRows: { md: 'auto 1fr' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={2} sx={{ gridArea: 'head', minWidth: 0 }}>
        <EventImage
          event={event}
          size="large"
          sx={{ width: '100%', aspectRatio: '16 / 7', maxHeight: event.eventImageId ? 360 : 180, borderRadius: 1 }}
        />
        <Box>
          <Typography variant="h4" component={titleComponent} sx={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <Typography variant="subtitle1" component="p">
              {event.responsibleClub.name}
            </Typography>
            <EventStateChip state={event.eventState} />
          </Stack>
        </Box>
      </Stack>
      <Stack spacing={2} sx={{ gridArea: 'body', minWidth: 0 }}>
        <EventTexts teaserText={event.teaserText} description={event.description} />
        {shouldShowRegisteredPeople(event, isSignedIn) ? <RegisteredPeople eventId={event.id} /> : null}
      </Stack>
      <Paper variant="outlined" sx={{ gridArea: 'side', p: 2, minWidth: 0 }}>
        <RegistrationActions event={event} isInteractive={isInteractive} isSignedIn={isSignedIn} />
        <Divider sx={{ my: 2 }} />
        <EventMetaData event={event} />
        {isInteractive ? (
          <Button
            component="a"
            variant="outlined"
            startIcon={<EventAvailableIcon />}
            href={eventIcsUrl(event.id)}
            download
          >
            {t('eventsShared.actions.addToCalendar')}
          </Button>
        ) : (
          <Button variant="outlined" startIcon={<EventAvailableIcon />} disabled>
            {t('eventsShared.actions.addToCalendar')}
          </Button>
        )}
      </Paper>
    </Box>
  );
}
