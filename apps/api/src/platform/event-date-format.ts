import type { Locale } from '@bpw/domain/enums/language';

// One formatter per locale: making one cost more than the rest of a registration's mail (a CPU
// profile of the benchmark's registrations, docs/performance.md).
const eventDateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A date-time as people in Switzerland read it, in a mail's or document's language. */
export function formatEventDate(locale: Locale, instant: Date): string {
  let format = eventDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Zurich' });
    eventDateFormats.set(locale, format);
  }
  return format.format(instant);
}
