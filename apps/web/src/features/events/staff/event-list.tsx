import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { staffEventListStates, eventStateValues, type EventState } from '@bpw/domain/enums/event';
import type { Event } from '@bpw/domain/schemas/event';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useEvents } from './api/get-events';
import { EventAvailabilityIcons } from './event-availability-icons';
import { EventStateFilter } from './event-state-filter';
import { EventStateChip } from '../shared/event-state-chip';
import { formatDateTime } from '../shared/format-event-date';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaginationState,
  type SortingState,
} from '../../../components/data-table/data-table';
import { DataTableSearchField } from '../../../components/data-table/data-table-search-field';
import { defaultPageSize } from '../../../components/data-table/data-table-sorting';
import { useSessionState, isStoredListState } from '../../../components/data-table/use-session-state';

interface EventListState {
  title: string;
  eventStates: EventState[];
  sorting: SortingState;
  pagination: DataTablePaginationState;
}

/** Spec 02 §9: default sort eventFrom then eventTo; the four active states by default (§2). */
const initialState: EventListState = {
  title: '',
  eventStates: [...staffEventListStates],
  sorting: [
    { id: 'eventFrom', desc: false },
    { id: 'eventTo', desc: false },
  ],
  pagination: { page: 0, pageSize: defaultPageSize },
};

const isListState = (value: unknown): value is EventListState =>
  isStoredListState(value, { textKey: 'title', enumKey: 'eventStates', enumValues: eventStateValues });

interface EventListProps {
  /** The table's accessible name. */
  label: string;
  /** Only this club's events; the club column is then left out. */
  clubId?: string;
  /** Only events of this category. */
  categoryId?: string;
}

/**
 * Spec 02 §2 "Staff event list": title search, state filter and a table of from, to, title,
 * categories, club, state and registration availability. A row opens the event; a category chip
 * the category, a club chip the club. Search, filter, sort and page last for the session.
 */
export function EventList({ label, clubId, categoryId }: EventListProps) {
  const { t, i18n } = useTranslation();
  const storageKey = `bpw.events.list${clubId ? `.club.${clubId}` : ''}${categoryId ? `.category.${categoryId}` : ''}`;
  const [state, setState] = useSessionState(storageKey, initialState, isListState);
  const [now] = useState(() => new Date());
  const { data, isFetching } = useEvents({
    title: state.title,
    eventStates: state.eventStates,
    clubId,
    categoryIds: categoryId ? [categoryId] : undefined,
    sorting: state.sorting,
    page: state.pagination.page,
    perPage: state.pagination.pageSize,
  });

  const locale = i18n.language;
  const columns = useMemo<DataTableColumn<Event>[]>(() => {
    const all: (DataTableColumn<Event> | null)[] = [
      {
        id: 'eventFrom',
        header: t('eventsStaff.fields.eventFrom'),
        isSortable: true,
        cell: (event) => formatDateTime(event.eventFrom, locale),
      },
      {
        id: 'eventTo',
        header: t('eventsStaff.fields.eventTo'),
        isSortable: true,
        cell: (event) => (event.eventTo ? formatDateTime(event.eventTo, locale) : '-'),
      },
      {
        id: 'title',
        header: t('eventsStaff.fields.title'),
        isSortable: true,
        isRowHeader: true,
        cell: (event) => event.title,
      },
      {
        id: 'categories',
        header: t('eventsStaff.fields.eventCategories'),
        cell: (event) => (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            {event.eventCategories.map((category) => (
              <Chip
                key={category.id}
                size="small"
                variant="outlined"
                label={category.title}
                component={RouterLink}
                to={`/event-categories/${category.id}`}
                clickable
              />
            ))}
          </Stack>
        ),
      },
      clubId
        ? null
        : {
            id: 'club',
            header: t('eventsStaff.fields.responsibleClub'),
            cell: (event) => (
              <Chip
                size="small"
                variant="outlined"
                label={event.responsibleClub.name}
                component={RouterLink}
                to={`/clubs/${event.responsibleClub.id}`}
                clickable
              />
            ),
          },
      {
        id: 'eventState',
        header: t('eventsStaff.fields.eventState'),
        isSortable: true,
        cell: (event) => <EventStateChip state={event.eventState} />,
      },
      {
        id: 'availability',
        header: t('eventsStaff.list.availability'),
        cell: (event) => <EventAvailabilityIcons event={event} now={now} />,
      },
    ];
    return all.filter((column): column is DataTableColumn<Event> => column !== null);
  }, [t, locale, clubId, now]);

  const setPagination = useCallback(
    (pagination: DataTablePaginationState) => setState((previous) => ({ ...previous, pagination })),
    [setState],
  );
  const firstPage = (previous: EventListState) => ({ ...previous.pagination, page: 0 });

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 1, alignItems: { sm: 'center' } }}>
        <DataTableSearchField
          value={state.title}
          label={t('eventsStaff.list.search')}
          onChange={(title) => setState((previous) => ({ ...previous, title, pagination: firstPage(previous) }))}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <EventStateFilter
          value={state.eventStates}
          onChange={(eventStates) =>
            setState((previous) => ({ ...previous, eventStates, pagination: firstPage(previous) }))
          }
        />
      </Stack>
      <Box>
        <DataTable
          label={label}
          columns={columns}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          getRowId={(event) => event.id}
          getRowLabel={(event) => event.title}
          getRowHref={(event) => `/events/${event.id}`}
          sorting={state.sorting}
          onSortingChange={(sorting) =>
            setState((previous) => ({ ...previous, sorting: sorting.length ? sorting : initialState.sorting }))
          }
          pagination={state.pagination}
          onPaginationChange={setPagination}
          isLoading={isFetching}
          emptyText={t('eventsStaff.list.empty')}
        />
      </Box>
    </>
  );
}
