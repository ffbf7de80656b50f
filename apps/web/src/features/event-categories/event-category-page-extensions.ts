import type { EventCategoryDetail } from '@bpw/domain/schemas/event';
import type { ReactNode } from 'react';

/**
 * A tab another feature adds to the category page without this feature importing it (DESIGN:
 * web features never import each other); apps/web/src/app/event-category-detail-route.tsx
 * composes the Events tab.
 */
export interface EventCategoryExtraTab {
  /** The tab's value, remembered per path in session storage; unique among the page's tabs. */
  name: string;
  label: string;
  render: (category: EventCategoryDetail) => ReactNode;
}
