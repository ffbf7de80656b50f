import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from './data-table-types';

interface DataTableSortHeaderProps<T> {
  column: DataTableColumn<T>;
  direction: false | 'asc' | 'desc';
  /** The column's place among the sort keys, -1 when not sorted. */
  sortIndex: number;
  sortCount: number;
  /** Whether shift+click adds a further key (the hint says so); otherwise it sorts like a click. */
  isMultiSort?: boolean;
  onSort: (isMulti: boolean) => void;
}

/**
 * A column header. A sortable one is a button: click sorts by the column, shift+click (also
 * shift+Enter) adds it as a further key. `aria-sort` sits on the primary key's header only (as
 * ARIA asks); further keys are told in the button's text and shown as a small number.
 */
export function DataTableSortHeader<T>({
  column,
  direction,
  sortIndex,
  sortCount,
  isMultiSort = true,
  onSort,
}: DataTableSortHeaderProps<T>) {
  const { t } = useTranslation();
  const text = column.isHeaderHidden ? <Box sx={visuallyHidden}>{column.header}</Box> : column.header;
  if (!column.isSortable) {
    return <TableCell sx={{ width: column.width }}>{text}</TableCell>;
  }
  const ariaSort = sortIndex === 0 && direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined;
  const showsPosition = direction && sortCount > 1;
  return (
    <TableCell sx={{ width: column.width }} aria-sort={ariaSort} sortDirection={ariaSort ? direction : false}>
      <TableSortLabel
        component="button"
        type="button"
        active={Boolean(direction)}
        direction={direction || 'asc'}
        onClick={(event) => onSort(event.shiftKey)}
        title={isMultiSort ? t('dataTable.sortHint') : undefined}
        sx={{ border: 0, background: 'none', p: 0, font: 'inherit', color: 'inherit' }}
      >
        {text}
        {direction && sortIndex > 0 ? (
          <Box component="span" sx={visuallyHidden}>
            {`, ${t(direction === 'asc' ? 'dataTable.sortedAscending' : 'dataTable.sortedDescending')}, ${t(
              'dataTable.sortPosition',
              { position: sortIndex + 1 },
            )}`}
          </Box>
        ) : null}
        {showsPosition ? (
          <Box component="sup" aria-hidden sx={{ fontSize: '0.65rem', ml: 0.25 }}>
            {sortIndex + 1}
          </Box>
        ) : null}
      </TableSortLabel>
    </TableCell>
  );
}
