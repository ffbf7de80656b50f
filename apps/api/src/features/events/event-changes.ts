import { EventState, GeocodingStatus } from '@bpw/domain/enums/event';

/** What an event write changes, decided from the stored row and the new values (pure). */

export type StoredEventFields = {
  eventState: number;
  eventFrom: Date;
  eventTo: Date | null;
  location: string;
  address1: string | null;
  address2: string | null;
  street: string;
  zip: string;
  city: string;
  county: string | null;
  state: string | null;
  countryCode: string;
  geoCodingStatus: number;
  lat: number | null;
  long: number | null;
};

export type NewEventFields = Omit<StoredEventFields, 'geoCodingStatus' | 'lat' | 'long'>;

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** The fields the geocoder searches with (street, ZIP, city; the country narrows it). */
const geocodedFields = ['street', 'zip', 'city', 'countryCode'] as const;
/** Spec 02 (notifications): a change of "place" is any part of where the event happens. */
const placeFields = [
  'location',
  'address1',
  'address2',
  'street',
  'zip',
  'city',
  'county',
  'state',
  'countryCode',
] as const;

export const isAddressChanged = (before: NewEventFields, after: NewEventFields) =>
  geocodedFields.some((field) => before[field] !== after[field]);

/**
 * Spec 02 "Geocoding": a new or moved address waits for the scheduler (Pending) when a geocoder
 * is configured, else it is Unavailable; coordinates survive only an unchanged address. An
 * address that was Unavailable is queued once a geocoder is configured.
 */
export function geocodingAfterSave(
  before: StoredEventFields | null,
  after: NewEventFields,
  hasGeocoder: boolean,
): { geoCodingStatus: number; lat: number | null; long: number | null } {
  const waiting = hasGeocoder ? GeocodingStatus.Pending : GeocodingStatus.Unavailable;
  if (!before || isAddressChanged(before, after)) return { geoCodingStatus: waiting, lat: null, long: null };
  if (before.geoCodingStatus === GeocodingStatus.Unavailable && hasGeocoder) {
    return { geoCodingStatus: GeocodingStatus.Pending, lat: null, long: null };
  }
  return { geoCodingStatus: before.geoCodingStatus, lat: before.lat, long: before.long };
}

/** Spec 02 (issue 6): a change of date, place or state is worth telling the registrants about. */
export function isBookedEventUpdate(before: NewEventFields, after: NewEventFields): boolean {
  return (
    !sameInstant(before.eventFrom, after.eventFrom) ||
    !sameInstant(before.eventTo, after.eventTo) ||
    before.eventState !== after.eventState ||
    placeFields.some((field) => before[field] !== after[field])
  );
}

const publishedStates: readonly number[] = [EventState.Published, EventState.OpenForRegistration];

/** Publishing: the state moves into Published or OpenForRegistration from any other state. */
export const isPublishing = (before: number, after: number) =>
  publishedStates.includes(after) && !publishedStates.includes(before);
