import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { invoiceStateValues, type InvoiceState } from '@bpw/domain/enums/invoice';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownload } from './api/invoicing-api';
import { useInvoices } from './api/invoices-api';
import type { InvoiceListItem } from './api/invoice-types';
import { chf, formatDay, stateLabel, yearChoices } from './invoice-format';
import { InvoiceStateChip } from './invoice-state-chip';
import { errorMessages } from '../../api/api-error';
import { DataTable, type DataTableColumn, type SortingState } from '../../components/data-table/data-table';
import { DataTableSearchField } from '../../components/data-table/data-table-search-field';
import { defaultPageSize, toSortQuery } from '../../components/data-table/data-table-sorting';
import { useSessionState } from '../../components/data-table/use-session-state';
import { ErrorList } from '../../components/error-list';

type Options = {
  year: number | null;
  state: InvoiceState | null;
  isOverdue: boolean;
  search: string;
  sorting: SortingState;
  page: number;
  pageSize: number;
};
const initial: Options = {
  year: null,
  state: null,
  isOverdue: false,
  search: '',
  sorting: [],
  page: 0,
  pageSize: defaultPageSize,
};
const isOptions = (value: unknown): value is Options =>
  typeof value === 'object' && value !== null && 'sorting' in value && 'pageSize' in value && 'isOverdue' in value;

/** The list's query: its filters as the API names them (contract route 21). */
function toQuery(clubId: string, options: Options) {
  return {
    ClubId: clubId,
    ...(options.year ? { Year: options.year } : {}),
    ...(options.state !== null ? { State: options.state } : {}),
    ...(options.isOverdue ? { Overdue: true } : {}),
    ...(options.search ? { Search: options.search } : {}),
    ...toSortQuery(options.sorting),
  };
}

/** Issue 17: a club's invoices, paged, filtered and sorted on the server; export as xlsx. */
export function InvoiceListSection({ clubId }: { clubId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [options, setOptions] = useSessionState<Options>(`bpw.invoices:${clubId}`, initial, isOptions);
  const update = useCallback(
    (change: Partial<Options>) => setOptions((previous) => ({ ...previous, ...change })),
    [setOptions],
  );
  const filterQuery = toQuery(clubId, options);
  const invoices = useInvoices({ ...filterQuery, Page: options.page, PerPage: options.pageSize });
  const exportFile = useDownload();
  const columns = useMemo<DataTableColumn<InvoiceListItem>[]>(
    () => [
      { id: 'number', header: t('invoices.fields.number'), cell: (row) => row.number, isSortable: true },
      { id: 'name', header: t('invoices.fields.recipient'), cell: (row) => row.recipientName, isSortable: true },
      {
        id: 'total',
        header: t('invoices.fields.total'),
        cell: (row) => chf(row.totalCentimes, locale),
        isSortable: true,
      },
      { id: 'open', header: t('invoices.fields.open'), cell: (row) => chf(row.openCentimes, locale) },
      {
        id: 'state',
        header: t('invoices.fields.state'),
        cell: (row) => <InvoiceStateChip state={row.state} isOverdue={row.isOverdue} />,
        isSortable: true,
      },
      {
        id: 'issueDate',
        header: t('invoices.fields.issueDate'),
        cell: (row) => formatDay(row.issueDate),
        isSortable: true,
      },
      { id: 'dueDate', header: t('invoices.fields.dueDate'), cell: (row) => formatDay(row.dueDate), isSortable: true },
      {
        id: 'reminderLevel',
        header: t('invoices.fields.reminderLevel'),
        cell: (row) => (row.reminderLevel > 0 ? t('invoices.reminderLevel', { level: row.reminderLevel }) : '–'),
      },
    ],
    [t, locale],
  );
  const setPagination = useCallback(
    ({ page, pageSize }: { page: number; pageSize: number }) => update({ page, pageSize }),
    [update],
  );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, flexWrap: 'wrap', alignItems: { md: 'center' } }}>
        <DataTableSearchField
          value={options.search}
          onChange={(search) => update({ search, page: 0 })}
          label={t('invoices.list.search')}
          sx={{ minWidth: { md: 260 } }}
        />
        <TextField
          select
          size="small"
          label={t('invoices.fields.year')}
          value={options.year ?? ''}
          onChange={(event) => update({ year: event.target.value === '' ? null : Number(event.target.value), page: 0 })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{t('invoices.list.allYears')}</MenuItem>
          {yearChoices().map((year) => (
            <MenuItem key={year} value={year}>
              {year}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('invoices.fields.state')}
          value={options.state ?? ''}
          onChange={(event) =>
            update({ state: event.target.value === '' ? null : (Number(event.target.value) as InvoiceState), page: 0 })
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('invoices.list.allStates')}</MenuItem>
          {invoiceStateValues.map((state) => (
            <MenuItem key={state} value={state}>
              {stateLabel(t, state)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={options.isOverdue}
              onChange={(event) => update({ isOverdue: event.target.checked, page: 0 })}
            />
          }
          label={t('invoices.list.onlyOverdue')}
        />
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          disabled={exportFile.isPending}
          onClick={() => exportFile.mutate({ path: '/invoice-export', query: filterQuery })}
          sx={{ ml: { md: 'auto' } }}
        >
          {t('invoices.list.export')}
        </Button>
      </Stack>
      <ErrorList errors={exportFile.isError ? errorMessages(exportFile.error, t('common.loadError')) : []} />
      <ErrorList errors={invoices.isError ? errorMessages(invoices.error, t('common.loadError')) : []} />
      <DataTable
        label={t('invoices.list.label')}
        columns={columns}
        rows={invoices.data?.items ?? []}
        total={invoices.data?.total ?? 0}
        getRowId={(row) => row.id}
        getRowLabel={(row) => t('invoices.list.rowLabel', { number: row.number, name: row.recipientName })}
        getRowHref={(row) => `/invoices/${row.id}`}
        sorting={options.sorting}
        onSortingChange={(sorting) => update({ sorting, page: 0 })}
        isMultiSort={false}
        pagination={{ page: options.page, pageSize: options.pageSize }}
        onPaginationChange={setPagination}
        isLoading={invoices.isFetching}
        emptyText={t('invoices.list.none')}
      />
    </Stack>
  );
}
