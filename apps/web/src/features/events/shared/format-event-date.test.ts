import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatEventRange } from './format-event-date';
import deShared from './i18n/de-CH.json';
import enShared from './i18n/en-US.json';

describe('formatEventRange', () => {
  it('shows one day with its start and end time', () => {
    const text = formatEventRange('2026-03-13T17:30:00Z', '2026-03-13T20:30:00Z', 'de-CH');
    expect(text).toMatch(/13\.03\.2026/);
    expect(text.match(/13\.03\.2026/g)).toHaveLength(1);
  });

  it('shows both dates of an event over several days', () => {
    const text = formatEventRange('2026-03-13T17:30:00Z', '2026-03-15T11:00:00Z', 'de-CH');
    expect(text).toMatch(/13\.03\.2026.*15\.03\.2026/);
  });

  it('shows the start only without an end, or with an end before it', () => {
    const only = formatEventRange('2026-03-13T17:30:00Z', null, 'de-CH');
    expect(formatEventRange('2026-03-13T17:30:00Z', '2026-03-12T10:00:00Z', 'de-CH')).toBe(only);
    expect(only).toMatch(/13\.03\.2026/);
  });

  it('answers an empty text for an unreadable date', () => {
    expect(formatEventRange('not a date', null, 'de-CH')).toBe('');
  });
});

describe('event dates on the Swiss clock (issue 27)', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'de-CH',
      resources: {
        'de-CH': { translation: deShared },
        'en-US': { translation: enShared },
      },
    });
  });

  // 07:30 Swiss winter time.
  const start = '2030-01-15T06:30:00Z';

  it('shows the Swiss time whatever the viewer’s zone, naming it when her clock differs', () => {
    const zurich = formatDateTime(start, 'de-CH', { viewerTimeZone: 'Europe/Zurich' });
    expect(zurich).toMatch(/15\.01\.2030, 07:30$/);
    expect(formatDateTime(start, 'de-CH', { viewerTimeZone: 'Europe/Berlin' })).toBe(zurich);
    expect(formatDateTime(start, 'de-CH', { viewerTimeZone: 'UTC' })).toBe(`${zurich} (Schweizer Zeit)`);
    expect(formatDateTime(start, 'en-US', { viewerTimeZone: 'America/New_York' })).toMatch(
      /01\/15\/2030, 07:30 AM \(Swiss time\)$/,
    );
  });

  it('names the zone once for a range', () => {
    const text = formatEventRange(start, '2030-01-15T09:00:00Z', 'de-CH', { viewerTimeZone: 'America/New_York' });
    expect(text).toMatch(/07:30.+10:00 Uhr \(Schweizer Zeit\)$/);
    expect(text.match(/Schweizer Zeit/g)).toHaveLength(1);
  });

  it('gives the Swiss day of a date', () => {
    // 23:30 UTC is already the next day in Switzerland.
    expect(formatDate('2030-01-15T23:30:00Z', 'de-CH')).toBe('16.01.2030');
  });
});
