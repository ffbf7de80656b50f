import type { SortingState } from '@tanstack/react-table';

export type { SortingState };

/**
 * The next sort order after a click on a sortable header (spec 01 §2 "multi-sort").
 * A plain click makes the column the only sort key: ascending, then descending, then no sort
 * (the server's default order). A shift click adds the column as a further key, then flips it
 * to descending, then removes it again, keeping the other keys in their order.
 */
export function nextSorting(sorting: SortingState, columnId: string, isMulti: boolean): SortingState {
  const index = sorting.findIndex((sort) => sort.id === columnId);
  const current = index === -1 ? undefined : sorting[index];
  if (isMulti) {
    if (!current) return [...sorting, { id: columnId, desc: false }];
    if (!current.desc) return sorting.map((sort) => (sort.id === columnId ? { id: columnId, desc: true } : sort));
    return sorting.filter((sort) => sort.id !== columnId);
  }
  // Only the primary key flips; a secondary key clicked alone becomes the ascending primary.
  if (!current || index !== 0) return [{ id: columnId, desc: false }];
  return current.desc ? [] : [{ id: columnId, desc: true }];
}

/** The API's sort parameters: `SortBy` repeated, with a matching `SortDesc` each (DESIGN). */
export function toSortQuery(sorting: SortingState): { SortBy: string[]; SortDesc: boolean[] } {
  return { SortBy: sorting.map((sort) => sort.id), SortDesc: sorting.map((sort) => sort.desc) };
}

/** The zero-based index of the last page (0 for an empty list). */
export function lastPageIndex(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize) - 1;
}

/** Spec 01 §4: "A page above the last page is set to the last page." */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.max(0, Math.min(page, lastPageIndex(total, pageSize)));
}

/** Spec 01 §9: page size options 10, 20, 50, 100; default 10. */
export const pageSizeOptions = [10, 20, 50, 100] as const;
export const defaultPageSize = 10;
