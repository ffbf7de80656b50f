import { eventTimeZone, isOtherClock } from '@bpw/domain/event-time';
import i18next from 'i18next';

/**
 * Dates of events in the interface's locale on the Swiss wall clock, whatever the zone of the
 * viewer's computer (issue 27): "Fr., 13.03.2026, 18:30–21:30", or both ends in full when the
 * event spans days. A viewer whose clock reads otherwise at that moment (a member travelling, a
 * guest abroad) sees the zone named: "… 18:30–21:30 (Schweizer Zeit)".
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone of the viewer's computer (read once: it does not change while the page is open). */
const browserTimeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
})();

export type EventDateOptions = {
  /** The viewer's zone; the browser's by default (tests choose one). */
  viewerTimeZone?: string | undefined;
};

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
      timeZone: eventTimeZone,
    });
    dateTimeFormats.set(locale, format);
  }
  return format;
}

function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: eventTimeZone,
    });
    dateFormats.set(locale, format);
  }
  return format;
}

/** " (Schweizer Zeit)" when the viewer's clock reads otherwise at `instant`, else nothing. */
function zoneSuffix(instant: Date, locale: string, options: EventDateOptions): string {
  const viewer = 'viewerTimeZone' in options ? options.viewerTimeZone : browserTimeZone;
  if (!isOtherClock(instant, viewer)) return '';
  return ` (${i18next.t('eventsShared.timeZone.swiss', { lng: locale })})`;
}

/** From and to of an event; a missing or earlier end shows the start only. */
export function formatEventRange(
  from: string,
  to: string | null,
  locale: string,
  options: EventDateOptions = {},
): string {
  const start = new Date(from);
  if (Number.isNaN(start.getTime())) return '';
  const end = to ? new Date(to) : null;
  const suffix = zoneSuffix(start, locale, options);
  if (!end || Number.isNaN(end.getTime()) || end.getTime() <= start.getTime()) {
    return dateTimeFormat(locale).format(start) + suffix;
  }
  return dateTimeFormat(locale).formatRange(start, end) + suffix;
}

/** A date-time as "Fr., 13.03.2026, 18:30" (deadlines), on the Swiss clock. */
export function formatDateTime(value: string, locale: string, options: EventDateOptions = {}): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  return dateTimeFormat(locale).format(instant) + zoneSuffix(instant, locale, options);
}

/** A date as "13.03.2026", the Swiss day. */
export const formatDate = (value: string, locale: string) => dateFormat(locale).format(new Date(value));
