import { isoDateOf } from '@bpw/domain/date-input';
import { eventTimeZone } from '@bpw/domain/event-time';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubCalendarLink } from './club-calendar-link';
import { PublicEventFilterPanel } from './public-event-filter-panel';
import { PublicEventListView } from './public-event-list-view';
import {
  initialListState,
  isListState,
  minYear,
  normalisedForToday,
  queryRange,
  withYear,
  type PublicEventListState,
} from './public-event-list-state';
import { PublicEventTiles } from './public-event-tiles';
import { ViewSwitch } from './view-switch';
import { YearControl } from './year-control';
import { useSessionState } from '../../../components/data-table/use-session-state';
import { PageHeading } from '../../../components/page-heading';
import { usePublicEvents } from '../shared/api/get-public-events';

// OpenLayers is large: its code loads only when the map view is chosen.
const EventMap = lazy(() => import('./map/event-map'));

/** /events-public: the public event list for everybody (spec 02 §2 "Public event list"). */
export function PublicEventListPage() {
  const { t } = useTranslation();
  // The Swiss day: the API reads the date filter as Swiss days (event-filters.ts).
  const [today] = useState(() => isoDateOf(new Date(), eventTimeZone));
  // The controls last for the browser session, as the other lists' do.
  const [storedState, setState] = useSessionState<PublicEventListState>(
    'bpw.eventsPublic.list',
    initialListState(today),
    isListState,
  );
  const state = useMemo(() => normalisedForToday(storedState, today), [storedState, today]);
  const range = queryRange(state, today);
  const params = useMemo(
    () => ({
      title: state.title,
      clubIds: state.clubIds,
      categoryIds: state.categoryIds,
      dateFrom: range.dateFrom,
      dateTo: range.dateTo,
    }),
    [state.title, state.clubIds, state.categoryIds, range.dateFrom, range.dateTo],
  );
  const { data, isFetching, isPending, isError } = usePublicEvents(params);
  const events = data?.items ?? [];
  const update = (change: (previous: PublicEventListState) => PublicEventListState) =>
    setState((previous) => change(normalisedForToday(previous, today)));

  return (
    <>
      <PageHeading
        titleKey="pages.eventsPublic"
        action={
          <YearControl
            year={state.year}
            min={minYear(state, today)}
            onChange={(year) => update((previous) => withYear(previous, year, today))}
          />
        }
      />
      <PublicEventFilterPanel state={state} today={today} onChange={update} />
      <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ViewSwitch value={state.view} onChange={(view) => update((previous) => ({ ...previous, view }))} />
        {state.clubIds.length === 1 ? <ClubCalendarLink clubId={state.clubIds[0]!} /> : null}
      </Box>
      <Box aria-busy={isFetching} sx={{ position: 'relative' }}>
        {isFetching ? (
          <LinearProgress aria-label={t('app.loading')} sx={{ mb: 1 }} />
        ) : (
          <Box sx={{ height: 4, mb: 1 }} />
        )}
        {!isPending && !isError && events.length === 0 ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('eventsPublic.noEvents')}
          </Alert>
        ) : null}
        {state.view === 'map' ? (
          <Suspense fallback={<CircularProgress aria-label={t('app.loading')} />}>
            <EventMap events={events} />
          </Suspense>
        ) : null}
        {state.view === 'list' && events.length ? <PublicEventListView events={events} /> : null}
        {state.view === 'tiles' && events.length ? <PublicEventTiles events={events} /> : null}
      </Box>
    </>
  );
}
