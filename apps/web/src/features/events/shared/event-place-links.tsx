import { postalAddressLines } from '@bpw/domain/postal-address';
import MapIcon from '@mui/icons-material/Map';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapsCoordinatesHref, mapsSearchHref, swisstopoHref } from '../../../lib/map-links';
import { countryName } from '../../../lib/countries';

export interface PlaceFields {
  location: string;
  address1: string | null;
  address2: string | null;
  street: string;
  zip: string;
  city: string;
  countryCode: string;
  lat: number | null;
  long: number | null;
}

/** The place as text lines: its location, then its postal address (a foreign country by name). */
export function placeLines(place: PlaceFields, locale: string): string[] {
  const location = place.location.trim() ? [place.location] : [];
  return [...location, ...postalAddressLines(place, (code) => countryName(code, locale))];
}

const hasCoordinates = (place: PlaceFields): place is PlaceFields & { lat: number; long: number } =>
  typeof place.lat === 'number' && typeof place.long === 'number';

/** The place's LV95 coordinates; proj4 loads only for a page that shows a geocoded place. */
function useLv95(place: PlaceFields): { east: number; north: number } | null {
  const [lv95, setLv95] = useState<{ key: string; east: number; north: number } | null>(null);
  const key = hasCoordinates(place) ? `${place.lat},${place.long}` : null;
  useEffect(() => {
    if (!key) return undefined;
    const [latitude, longitude] = key.split(',').map(Number) as [number, number];
    let isCurrent = true;
    void import('../../../lib/lv95').then(({ wgs84ToLv95 }) => {
      if (isCurrent) setLv95({ key, ...wgs84ToLv95(latitude, longitude) });
    });
    return () => {
      isCurrent = false;
    };
  }, [key]);
  return lv95 && lv95.key === key ? lv95 : null;
}

/**
 * Spec 02 §2: a maps search by coordinates (when geocoded) or by address, and the Swiss federal
 * map at the LV95 coordinates.
 */
export function EventPlaceLinks({ place }: { place: PlaceFields }) {
  const { t, i18n } = useTranslation();
  const address = [
    place.street,
    [place.zip, place.city].filter(Boolean).join(' '),
    countryName(place.countryCode, 'en'),
  ]
    .filter(Boolean)
    .join(', ');
  const mapsHref = hasCoordinates(place) ? mapsCoordinatesHref(place.lat, place.long) : mapsSearchHref(address);
  const lv95 = useLv95(place);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      <Link
        href={mapsHref}
        target="_blank"
        rel="noopener noreferrer"
        underline="always"
        sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
      >
        <TravelExploreIcon fontSize="small" aria-hidden />
        {t('eventsShared.place.mapsSearch')}
      </Link>
      {lv95 ? (
        <Link
          href={swisstopoHref(lv95.east, lv95.north, i18n.language.slice(0, 2))}
          target="_blank"
          rel="noopener noreferrer"
          underline="always"
          sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
        >
          <MapIcon fontSize="small" aria-hidden />
          {t('eventsShared.place.swissMap')}
        </Link>
      ) : null}
    </Stack>
  );
}
