import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { EventCategory } from '@bpw/domain/schemas/event';
import { canManageCategories } from '@bpw/domain/permissions';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEventCategories } from './api/get-event-categories';
import { EventCategoryFormDialog } from './event-category-form-dialog';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaginationState,
  type SortingState,
} from '../../components/data-table/data-table';
import { DataTableSearchField } from '../../components/data-table/data-table-search-field';
import { defaultPageSize } from '../../components/data-table/data-table-sorting';
import { useSessionState, isStoredListState } from '../../components/data-table/use-session-state';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

interface CategoryListState {
  title: string;
  sorting: SortingState;
  pagination: DataTablePaginationState;
}

const initialState: CategoryListState = {
  title: '',
  sorting: [{ id: 'title', desc: false }],
  pagination: { page: 0, pageSize: defaultPageSize },
};

const isListState = (value: unknown): value is CategoryListState => isStoredListState(value, { textKey: 'title' });

/** /event-categories (spec 02 §2 "Event category pages"): searchable table; admins create. */
export function EventCategoryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const isAdmin = canManageCategories(useActor());
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [state, setState] = useSessionState('bpw.eventCategories.list', initialState, isListState);
  const sortDesc = state.sorting.find((sort) => sort.id === 'title')?.desc ?? false;
  const { data, isFetching, isError } = useEventCategories({
    title: state.title,
    sortDesc,
    page: state.pagination.page,
    perPage: state.pagination.pageSize,
  });
  useEffect(() => {
    if (isError) enqueueSnackbar(t('common.loadError'), { variant: 'error' });
  }, [isError, enqueueSnackbar, t]);

  const columns = useMemo<DataTableColumn<EventCategory>[]>(
    () => [
      {
        id: 'title',
        header: t('eventCategories.fields.title'),
        isSortable: true,
        isRowHeader: true,
        cell: (category) => category.title,
      },
    ],
    [t],
  );
  const setPagination = useCallback(
    (pagination: DataTablePaginationState) => setState((previous) => ({ ...previous, pagination })),
    [setState],
  );

  return (
    <>
      <PageHeading
        titleKey="pages.eventCategories"
        action={
          isAdmin ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreateOpen(true)}>
              {t('eventCategories.list.create')}
            </Button>
          ) : null
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ mb: 1 }}>
          <DataTableSearchField
            value={state.title}
            label={t('eventCategories.list.search')}
            onChange={(title) =>
              setState((previous) => ({ ...previous, title, pagination: { ...previous.pagination, page: 0 } }))
            }
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Box>
        <DataTable
          label={t('pages.eventCategories')}
          columns={columns}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          getRowId={(category) => category.id}
          getRowLabel={(category) => category.title}
          getRowHref={(category) => `/event-categories/${category.id}`}
          sorting={state.sorting}
          onSortingChange={(sorting) =>
            setState((previous) => ({ ...previous, sorting: sorting.length ? sorting : initialState.sorting }))
          }
          pagination={state.pagination}
          onPaginationChange={setPagination}
          isLoading={isFetching}
        />
      </Paper>
      {isCreateOpen ? (
        <EventCategoryFormDialog
          category={null}
          onClose={() => setIsCreateOpen(false)}
          onSaved={({ id }) => {
            if (id) void navigate(`/event-categories/${id}`);
          }}
        />
      ) : null}
    </>
  );
}
