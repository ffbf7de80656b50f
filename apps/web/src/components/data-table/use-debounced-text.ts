import { useEffect, useRef, useState } from 'react';

/** Spec 01 §4 and §9: search and filter text changes reload after 500 ms. */
export const searchDebounceMs = 500;

/**
 * The text of a search or filter box: shown at once, committed after the typing pauses for
 * `delayMs`, and at once when emptied. A new committed `value` from outside (a reset) shows in
 * the box.
 */
export function useDebouncedText(value: string, onCommit: (value: string) => void, delayMs = searchDebounceMs) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  if (value !== shownValue) {
    // Changed from outside (or our own commit came back): show it unless it is what is typed.
    setShownValue(value);
    if (value !== text) setText(value);
  }

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    if (next === '') commitRef.current('');
    else timer.current = setTimeout(() => commitRef.current(next), delayMs);
  };
  return { text, change };
}
