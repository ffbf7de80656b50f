import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DataTablePagination } from './data-table-pagination';
import { DataTableSelectionBar } from './data-table-selection-bar';
import { clampPage, nextSorting } from './data-table-sorting';
import { DataTableSortHeader } from './data-table-sort-header';
import type { DataTableColumn, DataTableSelection, RowSelection, SortingState } from './data-table-types';

export type { DataTableColumn, DataTableSelection, RowSelection, SortingState };

export interface DataTablePaginationState {
  /** Zero-based, as the API's `Page`. */
  page: number;
  pageSize: number;
}

/**
 * Props of the shared list table (every list of the product uses it). Sorting and paging happen
 * on the server: the table shows one page and asks for another through the callbacks.
 *
 * - `label`: the table's accessible name. `columns`: see DataTableColumn; keep them stable.
 * - `rows`, `total`: the page the server answered and its `total`; `getRowId`: a stable id.
 * - `getRowLabel`: the row's name, read in "select row <name>" and as the row link's name.
 * - `sorting` / `onSortingChange`: the sort keys in order. A header click sorts by that column,
 *   shift+click adds a further key (spec 01 §2 multi-sort). `[]` means the server's default.
 *   `isMultiSort={false}`: one key at a time, shift+click sorts like a click (a list whose
 *   server serves only single-key sorts, docs/decisions/person-list-sorts.md).
 * - `pagination` / `onPaginationChange`: page (zero-based) and page size (10, 20, 50, 100). A
 *   page above the last one is set to the last one (spec 01 §4).
 * - `isLoading`: shows a progress bar (keep the previous rows meanwhile). `emptyText`: shown
 *   when there are no rows (default "No entries").
 * - `getRowHref`: the row's page; the name cell holds a link to it (the keyboard path) and a
 *   click anywhere on the row opens it. `onRowClick` instead: the row itself is focusable and
 *   Enter activates it. Clicks on links, buttons and checkboxes inside a row stay theirs.
 * - `selection`: optional row selection with a checkbox per row, a select-all for the page, and a
 *   bar with the count, unselect and the given actions. The selection survives paging.
 */
export interface DataTableProps<T extends RowData> {
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  total: number;
  getRowId: (row: T) => string;
  getRowLabel: (row: T) => string;
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  pagination: DataTablePaginationState;
  onPaginationChange: (next: DataTablePaginationState) => void;
  isLoading?: boolean;
  emptyText?: string;
  getRowHref?: (row: T) => string;
  onRowClick?: (row: T) => void;
  selection?: DataTableSelection;
  isMultiSort?: boolean;
}

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });
const noSelection: RowSelection = {};

const resolve = <S,>(updater: Updater<S>, previous: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(previous) : updater;

/** A click that belongs to a control inside the row, not to the row. */
function isFromControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element | null;
  const control = target?.closest('a, button, input, label, [role="button"], [role="checkbox"]');
  return Boolean(control && event.currentTarget.contains(control));
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { label, columns, rows, total, getRowId, getRowLabel, sorting, pagination, selection } = props;
  const { onSortingChange, onPaginationChange, isLoading = false, getRowHref, onRowClick } = props;
  const { isMultiSort = true } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();

  const columnDefs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        // Sorting happens on the server; the accessor only makes the column sortable for TanStack.
        accessorFn: () => '',
        enableSorting: Boolean(column.isSortable),
      })),
    [columns],
  );
  const columnById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const rowHeaderId = (columns.find((column) => column.isRowHeader) ?? columns.find((c) => !c.isHeaderHidden))?.id;

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    enableMultiSort: isMultiSort,
    enableRowSelection: Boolean(selection),
    enableSubRowSelection: false,
    state: { sorting, rowSelection: selection?.selected ?? noSelection },
    onSortingChange: (updater) => onSortingChange(resolve(updater, sorting)),
    onRowSelectionChange: (updater) => selection?.onChange(resolve(updater, selection.selected)),
  });

  // Spec 01 §4: a page above the last page is set to the last page (e.g. after a filter).
  const { page, pageSize } = pagination;
  useEffect(() => {
    if (isLoading) return;
    const clamped = clampPage(page, total, pageSize);
    if (clamped !== page) onPaginationChange({ page: clamped, pageSize });
  }, [isLoading, page, pageSize, total, onPaginationChange]);

  const activate = (row: T) => {
    if (onRowClick) onRowClick(row);
    else if (getRowHref) void navigate(getRowHref(row));
  };
  const isClickable = Boolean(onRowClick ?? getRowHref);
  const isRowFocusable = Boolean(onRowClick) && !getRowHref;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const tableRows = table.getRowModel().rows;
  const columnCount = headers.length + (selection ? 1 : 0);
  const selectedIds = selection ? Object.keys(selection.selected) : [];

  return (
    <Box sx={{ width: '100%' }}>
      {selection && selectedIds.length > 0 ? (
        <DataTableSelectionBar
          selectedIds={selectedIds}
          onClear={() => selection.onChange({})}
          actions={selection.actions}
        />
      ) : null}
      {isLoading ? <LinearProgress aria-label={t('app.loading')} /> : <Box sx={{ height: 4 }} />}
      {/* Positioned, so a visually hidden header text (placed absolutely) scrolls with the table
          instead of widening the page on a narrow screen. */}
      <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
        <Table size="small" aria-label={label} aria-busy={isLoading} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              {selection ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={table.getIsAllPageRowsSelected()}
                    indeterminate={table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()}
                    disabled={tableRows.length === 0}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                    slotProps={{ input: { 'aria-label': t('dataTable.selectAllOnPage') } }}
                  />
                </TableCell>
              ) : null}
              {headers.map((header) => {
                const column = columnById.get(header.column.id);
                if (!column) return null;
                return (
                  <DataTableSortHeader
                    key={header.id}
                    column={column}
                    direction={header.column.getIsSorted()}
                    sortIndex={header.column.getSortIndex()}
                    sortCount={sorting.length}
                    isMultiSort={isMultiSort}
                    onSort={(isMulti) => table.setSorting((old) => nextSorting(old, column.id, isMultiSort && isMulti))}
                  />
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {tableRows.length === 0 && !isLoading ? (
              <TableRow>
                <TableCell colSpan={columnCount} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                  {props.emptyText ?? t('dataTable.noEntries')}
                </TableCell>
              </TableRow>
            ) : null}
            {tableRows.length === 0 && isLoading
              ? // The first page's place, kept while it loads, so the pagination below does not jump.
                Array.from({ length: Math.min(pageSize, 10) }, (_, index) => (
                  <TableRow key={`placeholder-${index}`} aria-hidden>
                    <TableCell colSpan={columnCount}>
                      <Skeleton variant="rounded" height={32} />
                    </TableCell>
                  </TableRow>
                ))
              : null}
            {tableRows.map((row) => {
              const original = row.original;
              const rowLabel = getRowLabel(original);
              const href = getRowHref?.(original);
              return (
                <TableRow
                  key={row.id}
                  hover={isClickable}
                  selected={row.getIsSelected()}
                  tabIndex={isRowFocusable ? 0 : undefined}
                  onClick={
                    isClickable
                      ? (event: MouseEvent<HTMLTableRowElement>) => {
                          if (!isFromControl(event)) activate(original);
                        }
                      : undefined
                  }
                  onKeyDown={
                    isRowFocusable
                      ? (event: KeyboardEvent<HTMLTableRowElement>) => {
                          if (event.key === 'Enter' && event.target === event.currentTarget) activate(original);
                        }
                      : undefined
                  }
                  sx={{
                    cursor: isClickable ? 'pointer' : undefined,
                    '&:focus-visible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: -2 },
                  }}
                >
                  {selection ? (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                        slotProps={{ input: { 'aria-label': t('dataTable.selectRow', { name: rowLabel }) } }}
                      />
                    </TableCell>
                  ) : null}
                  {row.getAllCells().map((cell) => {
                    const column = columnById.get(cell.column.id);
                    if (!column) return null;
                    const content = column.cell(original);
                    if (column.id !== rowHeaderId) {
                      return (
                        <TableCell key={cell.id} sx={{ width: column.width }}>
                          {content}
                        </TableCell>
                      );
                    }
                    return (
                      <TableCell key={cell.id} component="th" scope="row" sx={{ width: column.width }}>
                        {href ? (
                          <Link component={RouterLink} to={href} aria-label={rowLabel} underline="hover">
                            {content}
                          </Link>
                        ) : (
                          content
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <DataTablePagination
        total={total}
        page={clampPage(page, total, pageSize)}
        pageSize={pageSize}
        onChange={onPaginationChange}
      />
    </Box>
  );
}
