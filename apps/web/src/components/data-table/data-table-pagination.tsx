import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { pageSizeOptions } from './data-table-sorting';

interface DataTablePaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onChange: (next: { page: number; pageSize: number }) => void;
}

const pageLabelKeys = {
  first: 'dataTable.firstPage',
  previous: 'dataTable.previousPage',
  next: 'dataTable.nextPage',
  last: 'dataTable.lastPage',
} as const;

/** The pager under a table: page sizes 10, 20, 50, 100 (spec 01 §9), first/last page buttons. */
export function DataTablePagination({ total, page, pageSize, onChange }: DataTablePaginationProps) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language);
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizeOptions]}
      onPageChange={(_event, next) => onChange({ page: next, pageSize })}
      onRowsPerPageChange={(event) => onChange({ page: 0, pageSize: Number(event.target.value) })}
      showFirstButton
      showLastButton
      labelRowsPerPage={t('dataTable.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('dataTable.displayedRows', { from: format(from), to: format(to), count: format(count) })
      }
      getItemAriaLabel={(type) => t(pageLabelKeys[type])}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 0, sm: 2 } } }}
    />
  );
}
