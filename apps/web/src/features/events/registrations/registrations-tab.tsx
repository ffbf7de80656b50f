import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RegistrationState, registrationStateValues } from '@bpw/domain/enums/registration';
import type { EventDetail } from '@bpw/domain/schemas/event';
import type { EventRegistration } from '@bpw/domain/schemas/event-registration';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventRegistrations } from './api/get-event-registrations';
import { customValueText } from './custom-value-text';
import { PaymentStatusChip, RegistrationStateChip } from './registration-chips';
import { RegistrationEditDialog } from './registration-edit-dialog';
import { RegistrationRowMenu } from './registration-row-menu';
import { isExpired } from './registration-row-rules';
import { RegistrationStateFilter } from './registration-state-filter';
import { useRegistrationActions } from './use-registration-actions';
import { WaitingListPanel } from './waiting-list-panel';
import { useCustomFields } from '../custom-fields/api/get-custom-fields';
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

interface ListState {
  fulltext: string;
  states: RegistrationState[];
  sorting: SortingState;
  pagination: DataTablePaginationState;
}

/** Spec 02 §4 and §9: state (Confirmed first, then Pending), then registeredAt ascending. */
const defaultSorting: SortingState = [
  { id: 'eventRegistrationState', desc: false },
  { id: 'registeredAt', desc: false },
];
const initialState: ListState = {
  fulltext: '',
  states: [],
  sorting: defaultSorting,
  pagination: { page: 0, pageSize: defaultPageSize },
};
const isListState = (value: unknown): value is ListState =>
  isStoredListState(value, {
    textKey: 'fulltext',
    enumKey: 'states',
    enumValues: registrationStateValues,
  });

/**
 * Spec 02 §2 "Registrations tab": full-text search (500 ms), state filter, paging and per-row
 * actions; the custom fields marked "show in list" get a column each. With no registrations at
 * all an info alert says so. Search, filter, sort and page last for the session, per event.
 */
export function RegistrationsTab({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useSessionState(`bpw.events.registrations.${event.id}`, initialState, isListState);
  const [now] = useState(() => new Date());
  const list = useEventRegistrations(event.id, {
    fulltext: state.fulltext,
    states: state.states,
    sorting: state.sorting,
    page: state.pagination.page,
    perPage: state.pagination.pageSize,
  });
  const fields = useCustomFields(event.id);
  const actions = useRegistrationActions(event.id);

  const locale = i18n.language;
  const allFields = useMemo(() => fields.data?.items ?? [], [fields.data]);
  const { onAction, isBusy } = actions;
  const columns = useMemo<DataTableColumn<EventRegistration>[]>(
    () => [
      {
        id: 'lastname',
        header: t('eventRegistrationsStaff.fields.name'),
        isSortable: true,
        isRowHeader: true,
        cell: (registration) => (
          <Box>
            {registration.firstname} {registration.lastname}
            <Typography variant="caption" component="div" color="text.secondary">
              {t(registration.personId ? 'eventRegistrationsStaff.member' : 'eventRegistrationsStaff.guest')}
            </Typography>
          </Box>
        ),
      },
      {
        id: 'email',
        header: t('eventRegistrationsStaff.fields.email'),
        isSortable: true,
        cell: (registration) => registration.email,
      },
      {
        id: 'eventRegistrationState',
        header: t('eventRegistrationsStaff.fields.registrationState'),
        isSortable: true,
        cell: (registration) => (
          <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
            <RegistrationStateChip state={registration.eventRegistrationState} />
            {registration.eventRegistrationState === RegistrationState.Pending && registration.expiresAt ? (
              <Typography variant="caption" color={isExpired(registration, now) ? 'error.dark' : 'text.secondary'}>
                {t(`eventRegistrationsStaff.list.${isExpired(registration, now) ? 'expired' : 'pendingUntil'}`, {
                  date: formatDateTime(registration.expiresAt, locale),
                })}
              </Typography>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'paymentStatus',
        header: t('eventRegistrationsStaff.fields.paymentStatus'),
        isSortable: true,
        cell: (registration) => <PaymentStatusChip status={registration.paymentStatus} />,
      },
      {
        id: 'registeredAt',
        header: t('eventRegistrationsStaff.fields.registeredAt'),
        isSortable: true,
        cell: (registration) => formatDateTime(registration.registeredAt, locale),
      },
      {
        // Attendance at the door (issue 19).
        id: 'checkIn',
        header: t('eventRegistrationsStaff.fields.checkIn'),
        cell: (registration) =>
          registration.checkIn ? (
            <Box>
              {formatDateTime(registration.checkIn.checkedInAt, locale)}
              {registration.checkIn.checkedInBy ? (
                <Typography variant="caption" component="div" color="text.secondary">
                  {t('eventRegistrationsStaff.list.checkedInBy', {
                    name: `${registration.checkIn.checkedInBy.firstname} ${registration.checkIn.checkedInBy.lastname}`,
                  })}
                </Typography>
              ) : null}
            </Box>
          ) : (
            '–'
          ),
      },
      ...allFields
        .filter((field) => field.showInList)
        .map((field): DataTableColumn<EventRegistration> => ({
          id: `field-${field.id}`,
          header: field.title,
          cell: (registration) => customValueText(field, registration.eventCustomFieldValues, t, locale),
        })),
      {
        id: 'actions',
        header: t('eventRegistrationsStaff.actions.header'),
        isHeaderHidden: true,
        width: 56,
        cell: (registration) => (
          <RegistrationRowMenu
            event={event}
            registration={registration}
            now={now}
            isBusy={isBusy}
            onAction={onAction}
          />
        ),
      },
    ],
    [t, locale, allFields, event, now, isBusy, onAction],
  );

  const setPagination = useCallback(
    (pagination: DataTablePaginationState) => setState((previous) => ({ ...previous, pagination })),
    [setState],
  );
  const firstPage = (previous: ListState) => ({ ...previous.pagination, page: 0 });
  const isFiltered = state.fulltext !== '' || state.states.length > 0;
  const hasNone = list.isSuccess && !list.isPlaceholderData && list.data.total === 0 && !isFiltered;

  return (
    <>
      <WaitingListPanel event={event} />
      {hasNone ? (
        <Alert severity="info">{t('eventRegistrationsStaff.list.none')}</Alert>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 1, alignItems: { sm: 'center' } }}>
            <DataTableSearchField
              value={state.fulltext}
              label={t('eventRegistrationsStaff.list.search')}
              onChange={(fulltext) =>
                setState((previous) => ({ ...previous, fulltext, pagination: firstPage(previous) }))
              }
              sx={{ width: { xs: '100%', sm: 320 } }}
            />
            <RegistrationStateFilter
              value={state.states}
              onChange={(states) => setState((previous) => ({ ...previous, states, pagination: firstPage(previous) }))}
            />
          </Stack>
          <DataTable
            label={t('eventRegistrationsStaff.list.label', { title: event.title })}
            columns={columns}
            rows={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            getRowId={(registration) => registration.id}
            getRowLabel={(registration) => `${registration.firstname} ${registration.lastname}`}
            sorting={state.sorting}
            onSortingChange={(sorting) =>
              setState((previous) => ({ ...previous, sorting: sorting.length ? sorting : defaultSorting }))
            }
            pagination={state.pagination}
            onPaginationChange={setPagination}
            isLoading={list.isFetching}
            emptyText={t('eventRegistrationsStaff.list.noMatch')}
          />
        </>
      )}
      {/* Only with the fields loaded: the save replaces every custom value of the registration. */}
      {actions.editing && fields.data ? (
        <RegistrationEditDialog registration={actions.editing} fields={allFields} onClose={actions.stopEditing} />
      ) : null}
      {actions.confirmDialog}
    </>
  );
}
