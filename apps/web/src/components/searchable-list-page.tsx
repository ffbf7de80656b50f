import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaginationState,
  type SortingState,
} from './data-table/data-table';
import { DataTableSearchField } from './data-table/data-table-search-field';
import { defaultPageSize } from './data-table/data-table-sorting';
import { isStoredListState, useSessionState } from './data-table/use-session-state';
import { PageHeading } from './page-heading';

/** What the page asks the server for: the search text, the one sort direction and the page. */
export interface SearchableListParams {
  text: string;
  sortDesc: boolean;
  page: number;
  perPage: number;
}

/** One page of the list as the server answers it. */
export interface SearchableListAnswer<T> {
  items: T[];
  total: number;
}

interface ListState {
  text: string;
  sorting: SortingState;
  pagination: DataTablePaginationState;
}

const isListState = (value: unknown): value is ListState => isStoredListState(value, { textKey: 'text' });

interface SearchableListPageProps<T extends RowData, K extends QueryKey> {
  titleKey: string;
  /** Where the search text and table options last for the session (spec 01 §4 "Lists"). */
  storageKey: string;
  /** The column that is searched and sorted by (the only sort key). */
  sortColumn: string;
  listQuery: (
    params: SearchableListParams,
  ) => UseQueryOptions<SearchableListAnswer<T>, Error, SearchableListAnswer<T>, K>;
  columns: DataTableColumn<T>[];
  searchLabel: string;
  getRowId: (row: T) => string;
  getRowLabel: (row: T) => string;
  /** A row opens the entity's page. */
  getRowHref: (row: T) => string;
  /** The create button and its dialog (mounted while open); absent for those who may not create. */
  create?: { label: string; renderDialog: (onClose: () => void) => ReactNode } | null;
}

/**
 * A page of one kind of entity with a name (clubs, event categories): the heading with the create
 * button, a search field and a paged table sorted by one column; a row opens the entity.
 */
export function SearchableListPage<T extends RowData, K extends QueryKey>({
  titleKey,
  storageKey,
  sortColumn,
  listQuery,
  columns,
  searchLabel,
  getRowId,
  getRowLabel,
  getRowHref,
  create,
}: SearchableListPageProps<T, K>) {
  const { t } = useTranslation();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [initialState] = useState<ListState>(() => ({
    text: '',
    sorting: [{ id: sortColumn, desc: false }],
    pagination: { page: 0, pageSize: defaultPageSize },
  }));
  const [state, setState] = useSessionState(storageKey, initialState, isListState);
  const sortDesc = state.sorting.find((sort) => sort.id === sortColumn)?.desc ?? false;
  const { data, isFetching } = useQuery(
    listQuery({ text: state.text, sortDesc, page: state.pagination.page, perPage: state.pagination.pageSize }),
  );
  const setPagination = useCallback(
    (pagination: DataTablePaginationState) => setState((previous) => ({ ...previous, pagination })),
    [setState],
  );

  return (
    <>
      <PageHeading
        titleKey={titleKey}
        action={
          create ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreateOpen(true)}>
              {create.label}
            </Button>
          ) : null
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ mb: 1 }}>
          <DataTableSearchField
            value={state.text}
            label={searchLabel}
            onChange={(text) =>
              setState((previous) => ({ ...previous, text, pagination: { ...previous.pagination, page: 0 } }))
            }
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Box>
        <DataTable
          label={t(titleKey)}
          columns={columns}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          getRowId={getRowId}
          getRowLabel={getRowLabel}
          getRowHref={getRowHref}
          sorting={state.sorting}
          onSortingChange={(sorting) =>
            // One sort key; "no sort" falls back to it ascending (spec 01 §9).
            setState((previous) => ({ ...previous, sorting: sorting.length ? sorting : initialState.sorting }))
          }
          pagination={state.pagination}
          onPaginationChange={setPagination}
          isLoading={isFetching}
        />
      </Paper>
      {create && isCreateOpen ? create.renderDialog(() => setIsCreateOpen(false)) : null}
    </>
  );
}
