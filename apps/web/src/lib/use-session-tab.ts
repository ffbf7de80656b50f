import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

const storageKey = (path: string) => `bpw.tab:${path}`;

function readStored(path: string): string | null {
  try {
    return window.sessionStorage.getItem(storageKey(path));
  } catch {
    return null;
  }
}

/**
 * The active tab, remembered per path for the browser session (spec 01 §2, §9 "Persistence"; spec
 * 02 §2 "The active tab is remembered per route in session storage"). The stored choice is checked
 * against `tabs` on every render, so a tab that appears later (once its data has loaded, or for
 * a manager only) is still restored; one that is not offered falls back to `initial`.
 */
export function useSessionTab<T extends string>(tabs: readonly T[], initial: T): [T, (tab: T) => void] {
  const { pathname } = useLocation();
  const [state, setState] = useState<{ path: string; tab: string | null }>(() => ({
    path: pathname,
    tab: readStored(pathname),
  }));
  // Another page of the same component (new path) starts from its own stored tab.
  const chosen = state.path === pathname ? state.tab : readStored(pathname);
  const current = chosen !== null && tabs.includes(chosen as T) ? (chosen as T) : initial;
  const select = useCallback(
    (tab: T) => {
      setState({ path: pathname, tab });
      try {
        window.sessionStorage.setItem(storageKey(pathname), tab);
      } catch {
        // Without storage the choice lasts for this page only.
      }
    },
    [pathname],
  );
  return [current, select];
}
