import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { GeocodingStatus, geocodingStatusEnum } from '@bpw/domain/enums/event';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { useTranslation } from 'react-i18next';
import { EventCard, EventCardItem, EventCardList } from './event-card';
import { EventPlaceLinks, placeLines } from '../shared/event-place-links';

/** The map's extent (spec 02 §2: limited to Switzerland), in WGS84 degrees, with a margin. */
const mapExtent = { south: 45.6, north: 48.0, west: 5.7, east: 10.7 };

/** Spec 02 §2: coordinates are shown only when the map can show them. */
export function isOnMap(lat: number | null, long: number | null): boolean {
  if (lat === null || long === null || !Number.isFinite(lat) || !Number.isFinite(long)) return false;
  return lat >= mapExtent.south && lat <= mapExtent.north && long >= mapExtent.west && long <= mapExtent.east;
}

/** Dark shades keep the outlined chip's text at 4.5:1 (WCAG AA). */
const statusColors: Record<GeocodingStatus, string> = {
  [GeocodingStatus.Unavailable]: 'text.secondary',
  [GeocodingStatus.Pending]: 'info.dark',
  [GeocodingStatus.Successful]: 'success.dark',
  [GeocodingStatus.Failed]: 'error.dark',
};

/** Location and address; the coordinates with 6 decimals (§9), or else the geocoding status chip. */
export function EventLocationCard({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  const status = event.geoCodingStatus as GeocodingStatus;
  const region = [event.county, event.state].filter(Boolean).join(', ');
  return (
    <EventCard title={t('eventsStaff.cards.location')}>
      <EventCardList>
        <EventCardItem label={label('address')}>{placeLines(event, i18n.language).join('\n')}</EventCardItem>
        {region ? <EventCardItem label={label('region')}>{region}</EventCardItem> : null}
        <EventCardItem label={label('coordinates')}>
          {isOnMap(event.lat, event.long) ? (
            `${event.lat!.toFixed(6)}, ${event.long!.toFixed(6)}`
          ) : (
            <Chip
              size="small"
              variant="outlined"
              sx={{ color: statusColors[status] ?? 'text.secondary', borderColor: 'currentColor' }}
              label={`${t('eventsStaff.fields.geoCodingStatus')}: ${t(geocodingStatusEnum.labelKey(status))}`}
            />
          )}
        </EventCardItem>
      </EventCardList>
      <Box sx={{ mt: 1 }}>
        <EventPlaceLinks place={event} />
      </Box>
    </EventCard>
  );
}
