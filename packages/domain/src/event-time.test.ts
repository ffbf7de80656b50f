import { describe, expect, it } from 'vitest';
import { isOtherClock, isoWithOffset } from './event-time';

describe('event time on the Swiss wall clock', () => {
  it('writes an instant with the Swiss offset of its day', () => {
    expect(isoWithOffset('2030-06-12T16:00:00Z')).toBe('2030-06-12T18:00:00+02:00');
    expect(isoWithOffset('2030-01-15T06:30:00Z')).toBe('2030-01-15T07:30:00+01:00');
    // The night the clocks go back: 02:30 happens twice.
    expect(isoWithOffset('2030-10-27T00:30:00Z')).toBe('2030-10-27T02:30:00+02:00');
    expect(isoWithOffset('2030-10-27T01:30:00Z')).toBe('2030-10-27T02:30:00+01:00');
    expect(isoWithOffset('2030-06-12T16:00:00Z', 'America/New_York')).toBe('2030-06-12T12:00:00-04:00');
    expect(isoWithOffset('not a date')).toBeNull();
  });

  it('names the zone only for a viewer whose clock reads otherwise at that moment', () => {
    const summer = new Date('2030-06-12T16:00:00Z');
    expect(isOtherClock(summer, 'Europe/Zurich')).toBe(false);
    expect(isOtherClock(summer, 'Europe/Berlin')).toBe(false);
    expect(isOtherClock(summer, 'UTC')).toBe(true);
    expect(isOtherClock(summer, 'America/New_York')).toBe(true);
    expect(isOtherClock(summer, undefined)).toBe(false);
    expect(isOtherClock(summer, 'Not/AZone')).toBe(true);
  });
});
