/**
 * Dates of events in the interface's locale and the browser's time zone: "Fr., 13.03.2026,
 * 18:30–21:30 Uhr", or both ends in full when the event spans days.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    dateTimeFormats.set(locale, format);
  }
  return format;
}

function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });
    dateFormats.set(locale, format);
  }
  return format;
}

/** From and to of an event; a missing or earlier end shows the start only. */
export function formatEventRange(from: string, to: string | null, locale: string): string {
  const start = new Date(from);
  if (Number.isNaN(start.getTime())) return '';
  const end = to ? new Date(to) : null;
  if (!end || Number.isNaN(end.getTime()) || end.getTime() <= start.getTime()) {
    return dateTimeFormat(locale).format(start);
  }
  return dateTimeFormat(locale).formatRange(start, end);
}

/** A date-time as "Fr., 13.03.2026, 18:30" (deadlines). */
export const formatDateTime = (value: string, locale: string) => dateTimeFormat(locale).format(new Date(value));

/** A date as "13.03.2026". */
export const formatDate = (value: string, locale: string) => dateFormat(locale).format(new Date(value));
