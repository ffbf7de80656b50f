import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { membershipTypeEnum, type MembershipType } from '@bpw/domain/enums/membership-type';
import { clubPersonSortKeys, type ClubPersonSortKey } from '@bpw/domain/schemas/membership';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveMemberCount, useClubRelations, type ClubRelation } from './api/get-club-relations';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaginationState,
  type SortingState,
} from '../../components/data-table/data-table';
import { DataTableSearchField } from '../../components/data-table/data-table-search-field';
import { defaultPageSize } from '../../components/data-table/data-table-sorting';
import { isStoredListState, useSessionState } from '../../components/data-table/use-session-state';
import { PersonAvatar } from '../../components/person-avatar';
import { formatIsoDate } from '../../lib/dates';

interface MembersState {
  name: string;
  sorting: SortingState;
  pagination: DataTablePaginationState;
}

const initialState: MembersState = {
  name: '',
  sorting: [{ id: 'name', desc: false }],
  pagination: { page: 0, pageSize: defaultPageSize },
};

const isMembersState = (value: unknown): value is MembersState => isStoredListState(value, { textKey: 'name' });

const isSortKey = (id: string): id is ClubPersonSortKey => (clubPersonSortKeys as readonly string[]).includes(id);

const fullName = (relation: ClubRelation) =>
  [relation.person.firstname, relation.person.lastname].filter(Boolean).join(' ');

/**
 * The club's active members (member types 0-3), a page at a time from the server, searchable by
 * name and sortable by name or member since (issue 24: a club may have 120,000). A row opens the
 * person. Search text, sort and page last for the session, per club.
 */
export function ClubMembersTab({ clubId }: { clubId: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useSessionState(`bpw.clubs.members:${clubId}`, initialState, isMembersState);
  const sort = state.sorting.find((s) => isSortKey(s.id)) ?? { id: 'name', desc: false };
  const sortBy: ClubPersonSortKey = isSortKey(sort.id) ? sort.id : 'name';
  const members = useClubRelations(clubId, {
    group: 'members',
    isActive: true,
    name: state.name,
    sortBy,
    sortDesc: sort.desc,
    page: state.pagination.page,
    perPage: state.pagination.pageSize,
  });
  const count = useActiveMemberCount(clubId);

  const columns = useMemo<DataTableColumn<ClubRelation>[]>(
    () => [
      {
        id: 'avatar',
        header: t('clubs.members.avatar'),
        isHeaderHidden: true,
        width: 56,
        cell: (relation) => (
          <PersonAvatar
            personId={relation.personId}
            avatarId={relation.person.avatarId}
            name={fullName(relation)}
            diameter={32}
          />
        ),
      },
      { id: 'name', header: t('clubs.members.name'), isSortable: true, isRowHeader: true, cell: fullName },
      {
        id: 'type',
        header: t('clubs.members.type'),
        cell: (relation) => t(membershipTypeEnum.labelKey(relation.type as MembershipType)),
      },
      {
        id: 'from',
        header: t('clubs.members.from'),
        isSortable: true,
        cell: (relation) => formatIsoDate(relation.from, i18n.language),
      },
    ],
    [t, i18n.language],
  );

  const setPagination = useCallback(
    (pagination: DataTablePaginationState) => setState((previous) => ({ ...previous, pagination })),
    [setState],
  );

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {count.data ? t('clubs.members.count', { count: count.data.total }) : t('clubs.tabs.members')}
      </Typography>
      <Box sx={{ mb: 1 }}>
        <DataTableSearchField
          value={state.name}
          label={t('clubs.members.search')}
          onChange={(name) =>
            setState((previous) => ({ ...previous, name, pagination: { ...previous.pagination, page: 0 } }))
          }
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
      </Box>
      {members.isError ? (
        <Alert severity="error">{t('common.loadError')}</Alert>
      ) : (
        <DataTable
          label={t('clubs.tabs.members')}
          columns={columns}
          rows={members.data?.items ?? []}
          total={members.data?.total ?? 0}
          getRowId={(relation) => relation.id}
          getRowLabel={fullName}
          getRowHref={(relation) => `/persons/${relation.personId}`}
          sorting={[sort]}
          onSortingChange={(sorting) =>
            // One key at a time (the server sorts by one); none falls back to name ascending.
            setState((previous) => ({
              ...previous,
              sorting: sorting.length ? sorting.slice(-1) : initialState.sorting,
              pagination: { ...previous.pagination, page: 0 },
            }))
          }
          pagination={state.pagination}
          onPaginationChange={setPagination}
          isLoading={members.isFetching}
          emptyText={state.name.trim() ? t('clubs.members.noMatch') : t('clubs.members.none')}
        />
      )}
    </>
  );
}
