import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  initialListState,
  isListState,
  minYear,
  normalisedForToday,
  queryRange,
  resetFilters,
  withPastShown,
  withYear,
} from './public-event-list-state';

const today = '2026-05-04';

describe('public event list state', () => {
  it('starts in tiles view with the current year, from today', () => {
    const state = initialListState(today);
    expect(state.view).toBe('tiles');
    expect(state.year).toBe(2026);
    expect(queryRange(state, today)).toEqual({ dateFrom: '2026-05-04', dateTo: '2026-12-31' });
  });

  it('does not go before the current year unless past events are shown', () => {
    const state = initialListState(today);
    expect(minYear(state, today)).toBe(2026);
    expect(withYear(state, 2025, today).year).toBe(2026);
    const withPast = withPastShown(state, true, today);
    expect(minYear(withPast, today)).toBeNull();
    expect(withYear(withPast, 2024, today).year).toBe(2024);
  });

  it('asks for the whole current year when past events are shown', () => {
    const state = withPastShown(initialListState(today), true, today);
    expect(queryRange(state, today)).toEqual({ dateFrom: '2026-01-01', dateTo: '2026-12-31' });
  });

  it('asks for the whole of a future year', () => {
    const state = withYear(initialListState(today), 2027, today);
    expect(queryRange(state, today)).toEqual({ dateFrom: '2027-01-01', dateTo: '2027-12-31' });
  });

  it('resets a past year to the current one when show-past is turned off', () => {
    const past = withYear(withPastShown(initialListState(today), true, today), 2024, today);
    const off = withPastShown(past, false, today);
    expect(off.year).toBe(2026);
    expect(off.isPastShown).toBe(false);
    // A future year stays.
    const future = withYear(withPastShown(initialListState(today), true, today), 2028, today);
    expect(withPastShown(future, false, today).year).toBe(2028);
  });

  it('narrows the year by the date range filter, never beyond the year', () => {
    const state = { ...initialListState(today), dateFrom: '2026-06-01', dateTo: '2026-06-30' };
    expect(queryRange(state, today)).toEqual({ dateFrom: '2026-06-01', dateTo: '2026-06-30' });
    const early = { ...initialListState(today), dateFrom: '2026-01-10', dateTo: '2027-02-01' };
    expect(queryRange(early, today)).toEqual({ dateFrom: '2026-05-04', dateTo: '2026-12-31' });
  });

  it('clears the date range when the year changes', () => {
    const state = { ...initialListState(today), dateFrom: '2026-06-01', dateTo: '2026-06-30' };
    const next = withYear(state, 2027, today);
    expect(next.dateFrom).toBeNull();
    expect(next.dateTo).toBeNull();
  });

  it('resets every filter but keeps the view', () => {
    const state = {
      ...withPastShown(initialListState(today, 'map'), true, today),
      title: 'Apéro',
      clubIds: ['a'],
      categoryIds: ['b'],
    };
    expect(hasFilters(state, today)).toBe(true);
    const reset = resetFilters(state, today);
    expect(reset).toEqual(initialListState(today, 'map'));
    expect(hasFilters(reset, today)).toBe(false);
  });

  it('accepts only stored states of the current shape', () => {
    expect(isListState(initialListState(today))).toBe(true);
    expect(isListState({ ...initialListState(today), view: 'grid' })).toBe(false);
    expect(isListState({ ...initialListState(today), dateFrom: '1.1.2026' })).toBe(false);
    expect(isListState(null)).toBe(false);
  });

  it('moves a stored past year to today when past events are hidden', () => {
    const stored = { ...initialListState('2025-03-01'), year: 2025 };
    expect(normalisedForToday(stored, today).year).toBe(2026);
  });
});
