import { describe, expect, it } from 'vitest';
import { formatEventRange } from './format-event-date';

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
