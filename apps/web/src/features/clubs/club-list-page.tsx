import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { clubTypeEnum, type ClubType } from '@bpw/domain/enums/club-type';
import type { Club } from '@bpw/domain/schemas/club';
import { canManageClubs } from '@bpw/domain/permissions';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClubs } from './api/get-clubs';
import { ClubFormDialog } from './club-form-dialog';
import { ClubTypeIcon } from './club-type-icon';
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

interface ClubListState {
  name: string;
  sorting: SortingState;
  pagination: DataTablePaginationState;
}

const initialState: ClubListState = {
  name: '',
  sorting: [{ id: 'name', desc: false }],
  pagination: { page: 0, pageSize: defaultPageSize },
};

const isListState = (value: unknown): value is ClubListState => isStoredListState(value, { textKey: 'name' });

/** Spec 01 §2 "Clubs list": header with create button (admins), searchable table, row opens the club. */
export function ClubListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const isAdmin = canManageClubs(useActor());
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  // Search text and table options last for the session (spec 01 §4 "Lists").
  const [state, setState] = useSessionState('bpw.clubs.list', initialState, isListState);
  const sortDesc = state.sorting.find((sort) => sort.id === 'name')?.desc ?? false;
  const { data, isFetching, isError } = useClubs({
    name: state.name,
    sortDesc,
    page: state.pagination.page,
    perPage: state.pagination.pageSize,
  });
  useEffect(() => {
    if (isError) enqueueSnackbar(t('common.loadError'), { variant: 'error' });
  }, [isError, enqueueSnackbar, t]);

  const columns = useMemo<DataTableColumn<Club>[]>(
    () => [
      {
        id: 'icon',
        header: t('clubs.list.icon'),
        isHeaderHidden: true,
        width: 56,
        cell: (club) => <ClubTypeIcon clubType={club.clubType} fontSize="small" />,
      },
      { id: 'name', header: t('clubs.fields.name'), isSortable: true, isRowHeader: true, cell: (club) => club.name },
      {
        id: 'clubType',
        header: t('clubs.fields.clubType'),
        cell: (club) => t(clubTypeEnum.labelKey(club.clubType as ClubType)),
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
        titleKey="pages.clubs"
        action={
          isAdmin ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreateOpen(true)}>
              {t('clubs.list.create')}
            </Button>
          ) : null
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ mb: 1 }}>
          <DataTableSearchField
            value={state.name}
            label={t('clubs.list.search')}
            onChange={(name) =>
              setState((previous) => ({ ...previous, name, pagination: { ...previous.pagination, page: 0 } }))
            }
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Box>
        <DataTable
          label={t('pages.clubs')}
          columns={columns}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          getRowId={(club) => club.id}
          getRowLabel={(club) => club.name}
          getRowHref={(club) => `/clubs/${club.id}`}
          sorting={state.sorting}
          onSortingChange={(sorting) =>
            // Name is the only sort key; "no sort" falls back to name ascending (spec 01 §9).
            setState((previous) => ({ ...previous, sorting: sorting.length ? sorting : initialState.sorting }))
          }
          pagination={state.pagination}
          onPaginationChange={setPagination}
          isLoading={isFetching}
        />
      </Paper>
      <ClubFormDialog
        open={isCreateOpen}
        club={null}
        onClose={() => setIsCreateOpen(false)}
        onSaved={({ id }) => {
          if (id) void navigate(`/clubs/${id}`);
        }}
      />
    </>
  );
}
