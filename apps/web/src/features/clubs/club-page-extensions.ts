import type { ReactElement, ReactNode } from 'react';

/**
 * A menu entry another feature adds to the club page without this feature importing it (DESIGN:
 * web features never import each other); apps/web/src/app/club-detail-route.tsx composes them.
 * While it is chosen the page renders its dialog.
 */
export interface ClubExtraMenuItem {
  key: string;
  label: string;
  icon: ReactElement;
  renderDialog: (onClose: () => void) => ReactNode;
}
