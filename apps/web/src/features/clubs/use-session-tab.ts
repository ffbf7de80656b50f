import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

const storageKey = (path: string) => `bpw.tab:${path}`;

/** The active tab, remembered per path for the browser session (spec 01 §2, §9 "Persistence"). */
export function useSessionTab<T extends string>(tabs: readonly T[], initial: T): [T, (tab: T) => void] {
  const { pathname } = useLocation();
  const read = (): T => {
    try {
      const stored = window.sessionStorage.getItem(storageKey(pathname));
      return tabs.includes(stored as T) ? (stored as T) : initial;
    } catch {
      return initial;
    }
  };
  const [state, setState] = useState<{ path: string; tab: T }>(() => ({ path: pathname, tab: read() }));
  // Another club's page (same component, new path) starts from its own stored tab.
  const current = state.path === pathname ? state.tab : read();
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
