import ical, { ICalEventStatus } from 'ical-generator';
import type { FeedEvent } from './calendar-feeds.queries';

/**
 * A feed as iCalendar (RFC 5545) with ical-generator (issue 19). Times in UTC; each event's UID
 * is its id at our host, so a calendar client updates an event in place when it changes; a
 * Pending registration shows as TENTATIVE. REFRESH-INTERVAL/X-PUBLISHED-TTL ask for an hourly poll.
 */
export function buildFeed(params: {
  name: string;
  publicUrl: string;
  now: Date;
  events: readonly FeedEvent[];
}): string {
  const host = new URL(params.publicUrl).hostname || 'localhost';
  const calendar = ical({
    name: params.name,
    prodId: { company: 'BPW Switzerland', product: 'Events', language: 'EN' },
    ttl: 3600,
  });
  for (const event of params.events) {
    const place = [event.location, event.street, `${event.zip} ${event.city}`.trim()]
      .filter((part) => part.trim() !== '')
      .join(', ');
    calendar.createEvent({
      id: `${event.id}@${host}`,
      start: event.eventFrom,
      // Without an end the event ends when it starts (RFC 5545 §3.6.1), as the spec's "to: -".
      end: event.eventTo ?? event.eventFrom,
      stamp: params.now,
      lastModified: event.updatedAt,
      summary: event.title,
      location: place,
      description: event.teaserText,
      url: `${params.publicUrl}/events-public/${event.id}`,
      status: event.isTentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
