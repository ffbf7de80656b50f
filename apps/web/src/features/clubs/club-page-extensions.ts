import type { ReactElement, ReactNode } from 'react';

/**
 * What other features add to the club page without this feature importing them (DESIGN: web
 * features never import each other); apps/web/src/app/club-detail-route.tsx composes them.
 */
export interface ClubExtraTab {
  /** The tab's value, also remembered in session storage; unique among the page's tabs. */
  name: string;
  label: string;
  render: () => ReactNode;
}

/** A menu entry; while it is chosen the page renders its dialog. */
export interface ClubExtraMenuItem {
  key: string;
  label: string;
  icon: ReactElement;
  renderDialog: (onClose: () => void) => ReactNode;
}
