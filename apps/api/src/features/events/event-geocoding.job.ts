import { GeocodingStatus } from '@bpw/domain/enums/event';
import type { Db } from '../../db/client';
import type { Geocoder } from '../../platform/geocoding/swisstopo-geocoder';
import type { ScheduledJob } from '../../platform/scheduler/scheduler';
import { findEventsToGeocode, markPendingUnavailable, saveGeocodingResult } from './event-geocoding.queries';

export const eventGeocodingJobName = 'event-geocoding';
const BATCH = 50;

/**
 * Issue 6: an event saved with a new address is Pending; this job asks the geocoder after the
 * save (never blocking it) and stores lat/long with Successful, or Failed. When the service does
 * not answer, the event stays Pending and the next run asks again.
 */
export function createEventGeocodingJob(deps: { db: Db; geocoder: Geocoder | undefined }): ScheduledJob {
  return {
    name: eventGeocodingJobName,
    schedule: '* * * * *',
    run: async ({ signal }) => {
      if (!deps.geocoder) return { unavailable: await markPendingUnavailable(deps.db) };
      const report = { successful: 0, failed: 0, postponed: 0 };
      for (const event of await findEventsToGeocode(deps.db, { limit: BATCH })) {
        if (signal.aborted) break;
        const result = await deps.geocoder.geocode(event, signal);
        if (result.kind === 'unavailable') {
          // The service is down or refusing: the rest of the batch would fare no better.
          report.postponed++;
          break;
        }
        const isFound = result.kind === 'found';
        const isSaved = await saveGeocodingResult(deps.db, {
          id: event.id,
          address: event,
          status: isFound ? GeocodingStatus.Successful : GeocodingStatus.Failed,
          lat: isFound ? result.lat : null,
          long: isFound ? result.long : null,
        });
        if (isSaved) report[isFound ? 'successful' : 'failed']++;
      }
      return report;
    },
  };
}
