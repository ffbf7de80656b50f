import { useCallback, useState } from 'react';

/** The value stored under `key`, or `initial` when none is stored or `isValid` refuses it. */
export function readSessionState<T>(key: string, initial: T, isValid: (value: unknown) => value is T): T {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (raw === null) return initial;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : initial;
  } catch {
    return initial;
  }
}

/**
 * State kept in sessionStorage under `key`: a list's search text and table options last for the
 * browser session (spec 01 §4 "Lists"). A stored value that `isValid` refuses (an older shape)
 * falls back to `initial`.
 */
export function useSessionState<T>(
  key: string,
  initial: T,
  isValid: (value: unknown) => value is T,
): [T, (update: T | ((previous: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => readSessionState(key, initial, isValid));
  const update = useCallback(
    (next: T | ((previous: T) => T)) => {
      setValue((previous) => {
        const resolved = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
        try {
          window.sessionStorage.setItem(key, JSON.stringify(resolved));
        } catch {
          // Storage full or disabled: the state lasts for this page only.
        }
        return resolved;
      });
    },
    [key],
  );
  return [value, update];
}

/**
 * Whether a stored list state has the table's options (sorting, pagination), a text field
 * `textKey` and, for `enumKey`, only values of `enumValues`: the checks every list's stored
 * state needs before `useSessionState` trusts it.
 */
export function isStoredListState(
  value: unknown,
  fields: { textKey: string; enumKey?: string; enumValues?: readonly number[] },
): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown> & { pagination?: { page?: unknown; pageSize?: unknown } };
  const enumList = fields.enumKey ? state[fields.enumKey] : [];
  return (
    typeof state[fields.textKey] === 'string' &&
    Array.isArray(enumList) &&
    enumList.every((item) => (fields.enumValues ?? []).includes(item as number)) &&
    Array.isArray(state.sorting) &&
    typeof state.pagination?.page === 'number' &&
    typeof state.pagination.pageSize === 'number'
  );
}
