import { slugify } from '@bpw/domain/text';

/**
 * An event as iCalendar (RFC 5545) for "add to calendar": one VEVENT with times in UTC, lines
 * ending in CRLF and folded at 75 octets, TEXT values escaped. Written by hand: the format is
 * small, and a dependency for it would be larger than this file.
 */

export type CalendarEvent = {
  id: string;
  title: string;
  eventFrom: string;
  eventTo: string | null;
  location: string;
  street: string;
  zip: string;
  city: string;
  countryCode: string;
  teaserText: string;
};

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks in TEXT values. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const MAX_OCTETS = 75;

/** RFC 5545 §3.1: lines longer than 75 octets continue on lines starting with a space; UTF-8 characters are never split. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      // The continuation's leading space counts towards its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** 2026-03-01T17:30:00Z -> 20260301T173000Z (UTC form, RFC 5545 §3.3.5). */
export const icsDateTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

export function buildIcs(event: CalendarEvent, options: { publicUrl: string; now: Date }): string {
  const host = new URL(options.publicUrl).hostname || 'localhost';
  const place = [event.location, event.street, `${event.zip} ${event.city}`.trim()]
    .filter((part) => part.trim() !== '')
    .join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//BPW Switzerland//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(`${event.id}@${host}`)}`,
    `DTSTAMP:${icsDateTime(options.now.toISOString())}`,
    `DTSTART:${icsDateTime(event.eventFrom)}`,
    // Without an end the event ends when it starts (RFC 5545 §3.6.1), as the spec's "to: -".
    ...(event.eventTo ? [`DTEND:${icsDateTime(event.eventTo)}`] : []),
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(place)}`,
    `DESCRIPTION:${escapeText(event.teaserText)}`,
    // URL is a URI value, not TEXT: it is not escaped.
    `URL:${options.publicUrl}/events-public/${event.id}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** `attachment; filename="<title as ASCII slug>.ics"`. */
export const icsContentDisposition = (title: string) => `attachment; filename="${slugify(title) || 'event'}.ics"`;
