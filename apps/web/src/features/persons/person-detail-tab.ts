import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

export const personDetailTabs = ['profile', 'contact', 'clubs', 'rights', 'notifications'] as const;
export type PersonDetailTab = (typeof personDetailTabs)[number];

const storageKey = (path: string) => `bpw.tab:${path}`;

function readTab(path: string): PersonDetailTab | null {
  try {
    const stored = window.sessionStorage.getItem(storageKey(path));
    return (personDetailTabs as readonly string[]).includes(stored ?? '') ? (stored as PersonDetailTab) : null;
  } catch {
    return null;
  }
}

/**
 * The active tab, remembered per full path for the browser session (spec 01 §2 "Tabs", §9
 * "Persistence"). A tab that is not offered (notifications for others) falls back to profile.
 */
export function usePersonDetailTab(
  available: readonly PersonDetailTab[],
): [PersonDetailTab, (tab: PersonDetailTab) => void] {
  const { pathname } = useLocation();
  const [state, setState] = useState(() => ({ path: pathname, tab: readTab(pathname) }));
  // Another person's page (same component, new path) starts from its own stored tab.
  const chosen = state.path === pathname ? state.tab : readTab(pathname);
  const tab = chosen && available.includes(chosen) ? chosen : 'profile';
  const select = useCallback(
    (next: PersonDetailTab) => {
      setState({ path: pathname, tab: next });
      try {
        window.sessionStorage.setItem(storageKey(pathname), next);
      } catch {
        // Without storage the choice lasts for this page only.
      }
    },
    [pathname],
  );
  return [tab, select];
}
