import type { SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';

export type { SortingState };

/** One column of a DataTable. Keep the array stable (module constant or useMemo). */
export interface DataTableColumn<T> {
  /** Unique id; for a sortable column also the server's `SortBy` key. */
  id: string;
  /** The header text (translated). */
  header: string;
  /** The cell's content. */
  cell: (row: T) => ReactNode;
  /** Sorted on the server: the header becomes a sort button. */
  isSortable?: boolean;
  /** The header text is read by screen readers only (e.g. an avatar column). */
  isHeaderHidden?: boolean;
  /**
   * The row's name cell (a `<th scope="row">`); it holds the row's link when `getRowHref` is
   * given. Defaults to the first column without `isHeaderHidden`.
   */
  isRowHeader?: boolean;
  /** CSS width of the column, e.g. 56 or '20%'. */
  width?: number | string;
}

/** Row selection: ids of selected rows, kept across pages (a record as TanStack keeps it). */
export type RowSelection = Record<string, true>;

export interface DataTableSelection {
  selected: RowSelection;
  onChange: (next: RowSelection) => void;
  /** The buttons of the selection bar, e.g. archive and delete; `clear` unselects all. */
  actions?: (selectedIds: string[], clear: () => void) => ReactNode;
}
