import { EventView, eventViewValues } from '@bpw/domain/enums/event';

/**
 * The public event list's controls (spec 02 §2 "Public event list"): view, year, show-past,
 * title, clubs, categories and a date range. Pure functions of the state and today's date
 * (`YYYY-MM-DD`), so the year rules are tested without a browser.
 */
export interface PublicEventListState {
  view: EventView;
  year: number;
  isPastShown: boolean;
  title: string;
  clubIds: string[];
  categoryIds: string[];
  dateFrom: string | null;
  dateTo: string | null;
}

const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));

export function initialListState(today: string, view: EventView = EventView.tiles): PublicEventListState {
  return {
    view,
    year: yearOf(today),
    isPastShown: false,
    title: '',
    clubIds: [],
    categoryIds: [],
    dateFrom: null,
    dateTo: null,
  };
}

/** The year cannot go before the current year unless past events are shown. */
export const minYear = (state: PublicEventListState, today: string): number | null =>
  state.isPastShown ? null : yearOf(today);

/** Another year; its date range filter belonged to the old year and is cleared. */
export function withYear(state: PublicEventListState, year: number, today: string): PublicEventListState {
  const floor = minYear(state, today);
  const next = floor !== null && year < floor ? floor : year;
  if (next === state.year) return state;
  return { ...state, year: next, dateFrom: null, dateTo: null };
}

/** Turning show-past off resets a past year to the current one. */
export function withPastShown(state: PublicEventListState, isPastShown: boolean, today: string): PublicEventListState {
  const next = { ...state, isPastShown };
  if (!isPastShown && state.year < yearOf(today)) return { ...next, year: yearOf(today), dateFrom: null, dateTo: null };
  return next;
}

/** The reset button: every filter back to its start, the view stays. */
export const resetFilters = (state: PublicEventListState, today: string) => initialListState(today, state.view);

export const hasFilters = (state: PublicEventListState, today: string): boolean => {
  const initial = initialListState(today, state.view);
  return (
    state.year !== initial.year ||
    state.isPastShown ||
    state.title !== '' ||
    state.clubIds.length > 0 ||
    state.categoryIds.length > 0 ||
    state.dateFrom !== null ||
    state.dateTo !== null
  );
};

/** The selectable days of the year: from today when past events are hidden in the current year. */
export function yearBounds(state: PublicEventListState, today: string): { min: string; max: string } {
  const start = `${String(state.year).padStart(4, '0')}-01-01`;
  const end = `${String(state.year).padStart(4, '0')}-12-31`;
  const min = !state.isPastShown && state.year === yearOf(today) && today > start ? today : start;
  return { min, max: end };
}

/**
 * The days the API is asked for: the selected year (from today when past events are hidden and
 * the year is the current one), narrowed by the date range filter.
 */
export function queryRange(state: PublicEventListState, today: string): { dateFrom: string; dateTo: string } {
  const { min, max } = yearBounds(state, today);
  const dateFrom = state.dateFrom && state.dateFrom > min ? state.dateFrom : min;
  const dateTo = state.dateTo && state.dateTo < max ? state.dateTo : max;
  return { dateFrom, dateTo };
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isDateOrNull = (value: unknown) =>
  value === null || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value));

/** A stored state from the session, in today's shape. */
export function isListState(value: unknown): value is PublicEventListState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    (eventViewValues as readonly unknown[]).includes(state.view) &&
    typeof state.year === 'number' &&
    Number.isInteger(state.year) &&
    typeof state.isPastShown === 'boolean' &&
    typeof state.title === 'string' &&
    isStringArray(state.clubIds) &&
    isStringArray(state.categoryIds) &&
    isDateOrNull(state.dateFrom) &&
    isDateOrNull(state.dateTo)
  );
}

/** A state kept from an earlier day may hold a year that is now in the past. */
export const normalisedForToday = (state: PublicEventListState, today: string) =>
  withPastShown(state, state.isPastShown, today);
