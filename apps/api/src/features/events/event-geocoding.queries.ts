import { GeocodingStatus } from '@bpw/domain/enums/event';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema/events';

/** Events waiting for coordinates, the longest-waiting first. */
export async function findEventsToGeocode(db: DbOrTx, params: { limit: number }) {
  return db
    .select({
      id: events.id,
      street: events.street,
      zip: events.zip,
      city: events.city,
      countryCode: events.countryCode,
    })
    .from(events)
    .where(eq(events.geoCodingStatus, GeocodingStatus.Pending))
    .orderBy(asc(events.updatedAt), asc(events.id))
    .limit(params.limit);
}

/**
 * Stores the outcome for the address that was looked up. An event whose address changed in the
 * meantime (it is Pending again for the new one) or that was geocoded by another run is left
 * alone. updated_at stays: it records people's changes, not ours.
 */
export async function saveGeocodingResult(
  db: DbOrTx,
  params: {
    id: string;
    address: { street: string; zip: string; city: string; countryCode: string };
    status: typeof GeocodingStatus.Successful | typeof GeocodingStatus.Failed;
    lat: number | null;
    long: number | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(events)
    .set({ geoCodingStatus: params.status, lat: params.lat, long: params.long })
    .where(
      and(
        eq(events.id, params.id),
        eq(events.geoCodingStatus, GeocodingStatus.Pending),
        eq(events.street, params.address.street),
        eq(events.zip, params.address.zip),
        eq(events.city, params.address.city),
        eq(events.countryCode, params.address.countryCode),
      ),
    )
    .returning({ id: events.id });
  return rows.length > 0;
}

/** Without a geocoder (GEOCODER_URL unset) nothing will answer: waiting events become Unavailable. */
export async function markPendingUnavailable(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(events)
    .set({ geoCodingStatus: GeocodingStatus.Unavailable, lat: null, long: null })
    .where(eq(events.geoCodingStatus, GeocodingStatus.Pending))
    .returning({ id: events.id });
  return rows.length;
}
