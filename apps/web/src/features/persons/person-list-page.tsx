import MailIcon from '@mui/icons-material/Mail';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canCreatePerson, canUseAllPersonFilters } from '@bpw/domain/permissions';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePersons, type PersonListItem } from './api/get-persons';
import {
  PERSON_LIST_STORAGE_KEY,
  defaultOptions,
  emptyFilters,
  hasSearch,
  isPersonListOptions,
  toPersonListQuery,
  type PersonListFilters,
  type PersonListOptions,
} from './person-list-state';
import { PersonListTable } from './person-list-table';
import { PersonListToolbar } from './person-list-toolbar';
import type { RowSelection } from '../../components/data-table/data-table';
import { clampPage } from '../../components/data-table/data-table-sorting';
import { useSessionState } from '../../components/data-table/use-session-state';
import { PageHeading } from '../../components/page-heading';
import { useAfterFirstCommit } from '../../lib/use-after-first-commit';
import { useActor } from '../../lib/use-claims';

const noPersons: PersonListItem[] = [];

// What waits for a first use loads then, not with the list (issue 20: /persons under Lighthouse's
// mobile profile): the create dialog (forms, zod, date picker), the filter panel (Autocomplete,
// selects), the selection's actions (confirm dialogs) and the tile view.
const CreatePersonDialog = lazy(() =>
  import('./create-person-dialog').then((module) => ({ default: module.CreatePersonDialog })),
);
const PersonListFilterPanel = lazy(() =>
  import('./person-list-filters').then((module) => ({ default: module.PersonListFilterPanel })),
);
// The tile view, when chosen (the table is the default).
const PersonTiles = lazy(() => import('./person-tiles').then((module) => ({ default: module.PersonTiles })));
const PersonListSelectionActions = lazy(() =>
  import('./person-list-selection-actions').then((module) => ({ default: module.PersonListSelectionActions })),
);

/** The mailing page's address for the list's current filter (its query without sort and paging). */
function mailingHref(query: Record<string, unknown>): string {
  const filter = Object.fromEntries(
    Object.entries(query)
      .filter(([key]) => !['SortBy', 'SortDesc', 'Page', 'PerPage'].includes(key))
      .map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : value === undefined ? '' : String(value)])
      .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== '')),
  );
  return `/mailings/new?${new URLSearchParams({ kind: 'persons', filter: JSON.stringify(filter) }).toString()}`;
}

/** /persons: search, filters, table or tiles, selection actions and create (spec 01 §2). */
export function PersonListPage() {
  const { t, i18n } = useTranslation();
  const actor = useActor();
  const filterPanelId = useId();
  const [options, setOptions] = useSessionState<PersonListOptions>(
    PERSON_LIST_STORAGE_KEY,
    defaultOptions,
    isPersonListOptions,
  );
  const [selection, setSelection] = useState<RowSelection>({});
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const canUseAllFilters = canUseAllPersonFilters(actor);

  const listQuery = useMemo(() => toPersonListQuery(options, canUseAllFilters), [options, canUseAllFilters]);
  const query = usePersons(listQuery);
  // The rows render in a transition (in slices, not one long task; issue 20): the query's store
  // updates synchronously. Until they are there, the table shows that it is loading.
  const data = useDeferredValue(query.data);
  const isLoading = query.isFetching || data !== query.data;
  const rows = data?.items ?? noPersons;
  const total = data?.total ?? 0;
  // Above 10,000 matches the server counts no further and estimates (docs/performance.md).
  const isTotalEstimated = data?.isTotalEstimated === true;

  const update = useCallback(
    (change: Partial<PersonListOptions>) => setOptions((previous) => ({ ...previous, ...change })),
    [setOptions],
  );
  // A new search or filter starts at the first page; sort and paging reload at once (spec 01 §4).
  const setSearch = (search: string) => update({ search, page: 0 });
  const setFilters = (filters: PersonListFilters) => update({ filters, page: 0 });
  const setPagination = useCallback(
    ({ page, pageSize }: { page: number; pageSize: number }) => update({ page, pageSize }),
    [update],
  );

  // Spec 01 §4: a page above the last page is set to the last page (the tile view too).
  const isSettled = !isLoading && query.isSuccess;
  useEffect(() => {
    if (!isSettled) return;
    const page = clampPage(options.page, total, options.pageSize);
    if (page !== options.page) update({ page });
  }, [isSettled, options.page, options.pageSize, total, update]);

  const canArchive = actor.isAdmin;
  const canDelete = actor.isAdmin || actor.clubManagerOf.length > 0;
  // Stable props for the memoized table (it renders when its rows or options change).
  const pagination = useMemo(
    () => ({ page: options.page, pageSize: options.pageSize }),
    [options.page, options.pageSize],
  );
  const setSorting = useCallback((sorting: PersonListOptions['sorting']) => update({ sorting }), [update]);
  const tableSelection = useMemo(() => {
    const keepSelected = (ids: string[]) => setSelection(Object.fromEntries(ids.map((id) => [id, true as const])));
    return {
      selected: selection,
      onChange: setSelection,
      actions:
        canArchive || canDelete
          ? (ids: string[]) => (
              <Suspense fallback={null}>
                <PersonListSelectionActions
                  selectedIds={ids}
                  onKeepSelected={keepSelected}
                  canArchive={canArchive}
                  canDelete={canDelete}
                />
              </Suspense>
            )
          : undefined,
    };
  }, [selection, canArchive, canDelete]);
  // The toolbar, the filters and the table come in a commit after the heading's (issue 20).
  const isBodyShown = useAfterFirstCommit();

  return (
    <>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <PageHeading titleKey="pages.persons" />
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }}>
          {/* Issue 18: a mailing to the persons of the current filter (admins and club managers). */}
          {actor.isAdmin || actor.clubManagerOf.length > 0 ? (
            <Button variant="outlined" startIcon={<MailIcon />} component={RouterLink} to={mailingHref(listQuery)}>
              {t('mailingsNav.writeToPersons')}
            </Button>
          ) : null}
          {canCreatePerson(actor) ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setIsCreateOpen(true)}>
              {t('personList.create.open')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {isBodyShown ? (
        <>
          <PersonListToolbar
            search={options.search}
            onSearchChange={setSearch}
            isFilterOpen={options.isFilterOpen}
            onFilterToggle={() => update({ isFilterOpen: !options.isFilterOpen })}
            filterPanelId={filterPanelId}
            hasSearch={hasSearch(options)}
            onClearSearch={() => update({ search: '', filters: emptyFilters, page: 0 })}
            view={options.view}
            onViewChange={(view) => update({ view })}
            tileSize={options.tileSize}
            onTileSizeChange={(tileSize) => update({ tileSize })}
          />
          <Collapse in={options.isFilterOpen} unmountOnExit>
            <Suspense fallback={null}>
              <PersonListFilterPanel
                id={filterPanelId}
                filters={options.filters}
                onChange={setFilters}
                canUseAllFilters={canUseAllFilters}
              />
            </Suspense>
          </Collapse>
          {isTotalEstimated ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('personList.totalEstimated', { count: total.toLocaleString(i18n.language) })}
            </Typography>
          ) : null}
          <Box sx={{ mt: 2 }}>
            {options.view === 'table' ? (
              <PersonListTable
                rows={rows}
                total={total}
                isLoading={isLoading}
                sorting={options.sorting}
                onSortingChange={setSorting}
                pagination={pagination}
                onPaginationChange={setPagination}
                selection={tableSelection}
              />
            ) : (
              <Suspense fallback={null}>
                <PersonTiles
                  persons={rows}
                  total={total}
                  isLoading={isLoading}
                  size={options.tileSize}
                  page={clampPage(options.page, total, options.pageSize)}
                  pageSize={options.pageSize}
                  onPageChange={(page) => update({ page })}
                />
              </Suspense>
            )}
          </Box>
        </>
      ) : null}
      {canCreatePerson(actor) && isCreateOpen ? (
        <Suspense fallback={null}>
          <CreatePersonDialog onClose={() => setIsCreateOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
