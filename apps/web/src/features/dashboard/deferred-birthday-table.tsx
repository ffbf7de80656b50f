import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { BirthdayList } from '@bpw/domain/schemas/dashboard';
import { visuallyHidden } from '@mui/utils';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTablePaginationState } from '../../components/data-table/data-table';
import { useHasBeenVisible } from '../../lib/use-has-been-visible';

const BirthdayTable = lazy(() => import('./birthday-table').then((module) => ({ default: module.BirthdayTable })));

// The DataTable's heights (size small): progress line, header row, a row with its 32 px avatar,
// the "no birthdays" row, and the pager, which wraps on a phone.
const progressHeight = 4;
const headerHeight = 36.5;
const rowHeight = 45;
const emptyRowHeight = 69;
const pagerHeight = { xs: 88, sm: 52 };

interface BirthdayTableProps {
  list: BirthdayList | undefined;
  isLoading: boolean;
  pagination: DataTablePaginationState;
  onPaginationChange: (next: DataTablePaginationState) => void;
}

/**
 * The birthday list sits below the charts, below the fold on most screens: its table code (the
 * DataTable with TanStack Table and the pager, about 20 KB gzip) loads when it scrolls into view
 * (issue 8). Until then a block of the table's height stands in, so nothing below it moves.
 */
export function DeferredBirthdayTable({ list, isLoading, pagination, onPaginationChange }: BirthdayTableProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const isVisible = useHasBeenVisible(ref);
  // While the list loads the table shows a page of placeholder rows.
  const rowsHeight = !list
    ? pagination.pageSize * rowHeight
    : list.items.length === 0
      ? emptyRowHeight
      : list.items.length * rowHeight;
  const height = (pager: number) => progressHeight + headerHeight + rowsHeight + pager;
  const placeholder = (
    <Box ref={ref} aria-busy="true" sx={{ height: { xs: height(pagerHeight.xs), sm: height(pagerHeight.sm) } }}>
      <Box component="span" sx={visuallyHidden}>
        {t('app.loading')}
      </Box>
      <Skeleton variant="rounded" height="100%" />
    </Box>
  );
  if (!isVisible) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <BirthdayTable
        items={list?.items ?? []}
        total={list?.total ?? 0}
        isLoading={isLoading}
        pagination={pagination}
        onPaginationChange={onPaginationChange}
      />
    </Suspense>
  );
}
