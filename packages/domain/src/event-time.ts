import { zoneOffsetMinutes } from './time-input';

/**
 * Events take place in Switzerland: their dates and times are shown and entered on the Swiss
 * wall clock, whatever the zone of the viewer's computer (issue 27, docs/decisions/public-event-heads.md).
 */
export const eventTimeZone = 'Europe/Zurich';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A UTC instant as ISO 8601 on the wall clock of `timeZone` with its offset, as schema.org and
 * calendars read it: `2030-06-12T16:00:00Z` -> `2030-06-12T18:00:00+02:00`. Null when not a date.
 */
export function isoWithOffset(isoDateTime: string, timeZone: string = eventTimeZone): string | null {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) return null;
  const offset = zoneOffsetMinutes(instant, timeZone);
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return `${local}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/**
 * Whether a viewer whose computer runs in `viewerZone` reads another wall clock than the event's
 * at `instant`: then the time shown names its zone. A zone with the same offset at that moment
 * (Berlin, Vienna) reads the same time and needs no name.
 */
export function isOtherClock(instant: Date, viewerZone: string | undefined, timeZone: string = eventTimeZone): boolean {
  if (!viewerZone || viewerZone === timeZone) return false;
  try {
    return zoneOffsetMinutes(instant, viewerZone) !== zoneOffsetMinutes(instant, timeZone);
  } catch {
    return true;
  }
}
