import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  publicationStateEnum,
  publicationStateValues,
  type PublicationState,
} from '@bpw/domain/enums/publication-state';
import type { EventPublication } from '@bpw/domain/schemas/event-publication';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClubPublications } from './api/get-publications';
import { PublicationAnswerButtons } from './publication-answer-buttons';
import { PublicationStateChip } from './publication-state-chip';
import { usePublicationChange } from './use-publication-change';
import { EventStateChip } from '../shared/event-state-chip';
import { formatEventRange } from '../shared/format-event-date';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaginationState,
  type SortingState,
} from '../../../components/data-table/data-table';
import { DataTableSearchField } from '../../../components/data-table/data-table-search-field';
import { defaultPageSize } from '../../../components/data-table/data-table-sorting';
import { useSessionState, isStoredListState } from '../../../components/data-table/use-session-state';

interface ListState {
  eventTitle: string;
  states: PublicationState[];
  sorting: SortingState;
  pagination: DataTablePaginationState;
}

const defaultSorting: SortingState = [{ id: 'eventFrom', desc: false }];
const initialState: ListState = {
  eventTitle: '',
  states: [],
  sorting: defaultSorting,
  pagination: { page: 0, pageSize: defaultPageSize },
};
const isListState = (value: unknown): value is ListState =>
  isStoredListState(value, {
    textKey: 'eventTitle',
    enumKey: 'states',
    enumValues: publicationStateValues,
  });

/**
 * The club page's publications tab (spec 02 §2 "Publications tab"): the events other clubs offer
 * to this club, with confirm and reject. For the club's managers and event managers, and admins.
 */
export function ClubPublicationsTab({ club }: { club: { id: string; name: string } }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useSessionState(`bpw.clubs.publications.${club.id}`, initialState, isListState);
  const list = useClubPublications(club.id, {
    sorting: state.sorting,
    page: state.pagination.page,
    perPage: state.pagination.pageSize,
    eventTitle: state.eventTitle,
    publicationStates: state.states,
  });
  const { run, isBusy } = usePublicationChange();

  const locale = i18n.language;
  const onChange = useCallback(
    (publication: EventPublication, change: Parameters<typeof run>[1]) => void run(publication, change),
    [run],
  );
  const columns = useMemo<DataTableColumn<EventPublication>[]>(
    () => [
      {
        id: 'eventTitle',
        header: t('eventPublicationsStaff.fields.event'),
        isSortable: true,
        isRowHeader: true,
        cell: (publication) => (
          <Box>
            {publication.event.title}
            <Typography variant="caption" component="div" color="text.secondary">
              {publication.event.responsibleClub.name}
            </Typography>
          </Box>
        ),
      },
      {
        id: 'eventFrom',
        header: t('eventPublicationsStaff.fields.date'),
        isSortable: true,
        cell: (publication) => formatEventRange(publication.event.eventFrom, publication.event.eventTo, locale),
      },
      {
        id: 'eventState',
        header: t('eventPublicationsStaff.fields.eventState'),
        isSortable: true,
        cell: (publication) => <EventStateChip state={publication.event.eventState} />,
      },
      {
        id: 'eventPublicationState',
        header: t('eventPublicationsStaff.fields.state'),
        isSortable: true,
        cell: (publication) => (
          <PublicationStateChip state={publication.eventPublicationState} isLocked={publication.isLocked} />
        ),
      },
      {
        id: 'actions',
        header: t('eventPublicationsStaff.actions.header'),
        isHeaderHidden: true,
        cell: (publication) => (
          <PublicationAnswerButtons publication={publication} isBusy={isBusy} onChange={onChange} />
        ),
      },
    ],
    [t, locale, isBusy, onChange],
  );

  const setPagination = useCallback(
    (pagination: DataTablePaginationState) => setState((previous) => ({ ...previous, pagination })),
    [setState],
  );
  const firstPage = (previous: ListState) => ({ ...previous.pagination, page: 0 });
  const labelOf = (value: PublicationState) => t(publicationStateEnum.labelKey(value));

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 1, alignItems: { sm: 'center' } }}>
        <DataTableSearchField
          value={state.eventTitle}
          label={t('eventPublicationsStaff.list.search')}
          onChange={(eventTitle) =>
            setState((previous) => ({ ...previous, eventTitle, pagination: firstPage(previous) }))
          }
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <TextField
          select
          size="small"
          label={t('eventPublicationsStaff.list.states')}
          value={state.states}
          onChange={(event) => {
            const raw = event.target.value as unknown as (string | number)[] | string;
            const chosen = new Set((typeof raw === 'string' ? raw.split(',') : raw).map(Number));
            const states = publicationStateValues.filter((value) => chosen.has(value));
            setState((previous) => ({ ...previous, states, pagination: firstPage(previous) }));
          }}
          sx={{ width: { xs: '100%', sm: 260 } }}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const states = selected as PublicationState[];
                return states.length === 0
                  ? t('eventPublicationsStaff.list.allStates')
                  : states.map(labelOf).join(', ');
              },
            },
          }}
        >
          {publicationStateValues.map((value) => (
            <MenuItem key={value} value={value}>
              <Checkbox
                checked={state.states.includes(value)}
                size="small"
                sx={{ p: 0, mr: 1 }}
                tabIndex={-1}
                disableRipple
              />
              <ListItemText primary={labelOf(value)} />
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <DataTable
        label={t('eventPublicationsStaff.list.clubLabel', { club: club.name })}
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        getRowId={(publication) => publication.id}
        getRowLabel={(publication) => publication.event.title}
        getRowHref={(publication) => `/events/${publication.eventId}`}
        sorting={state.sorting}
        onSortingChange={(sorting) =>
          setState((previous) => ({ ...previous, sorting: sorting.length ? sorting : defaultSorting }))
        }
        pagination={state.pagination}
        onPaginationChange={setPagination}
        isLoading={list.isFetching || isBusy}
        emptyText={t('eventPublicationsStaff.list.clubEmpty')}
      />
    </>
  );
}
