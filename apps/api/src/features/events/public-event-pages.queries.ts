import { publicPageEventStates } from '@bpw/domain/enums/event';
import { desc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema/events';

/** A sitemap holds at most 50,000 URLs (sitemaps.org); the list page takes one. */
export const SITEMAP_EVENT_LIMIT = 49_999;

/** The public events for the sitemap, the latest first (index events_dates_idx), bounded. */
export function findSitemapEvents(db: DbOrTx, params: { limit: number }) {
  return db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .where(inArray(events.eventState, [...publicPageEventStates]))
    .orderBy(desc(events.eventFrom), desc(events.eventTo), desc(events.id))
    .limit(params.limit);
}
