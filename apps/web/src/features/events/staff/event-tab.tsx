import Grid from '@mui/material/Grid';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { EventBasicsCard } from './event-basics-card';
import { EventDatesCard } from './event-dates-card';
import { EventImageCard } from './event-image-card';
import { EventLocationCard } from './event-location-card';
import { EventRegistrationCard } from './event-registration-card';
import { EventTextsCard } from './event-texts-card';

/** Spec 02 §2 "Event" tab: cards for basic information, dates, registration, location, texts, image. */
export function EventTab({ event, canManage }: { event: EventDetail; canManage: boolean }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <EventBasicsCard event={event} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <EventDatesCard event={event} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <EventRegistrationCard event={event} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <EventLocationCard event={event} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <EventTextsCard event={event} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <EventImageCard event={event} canManage={canManage} />
      </Grid>
    </Grid>
  );
}
