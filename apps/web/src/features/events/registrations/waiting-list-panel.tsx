import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventDetail } from '@bpw/domain/schemas/event';
import type { WaitingListEntry } from '@bpw/domain/schemas/event-registration';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingList, useWaitingListChange } from './api/waiting-list';
import { formatDateTime } from '../shared/format-event-date';
import { ApiError } from '../../../api/api-error';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaginationState,
} from '../../../components/data-table/data-table';
import { defaultPageSize } from '../../../components/data-table/data-table-sorting';

/**
 * Issue 19: the event's waiting list for its managers, in its order. "Move up" puts someone
 * first in line (she takes a free place at once if there is one); the list can be closed to
 * newcomers and opened again. Shown for events with a waiting list, or while anyone waits.
 */
export function WaitingListPanel({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [pagination, setPagination] = useState<DataTablePaginationState>({ page: 0, pageSize: defaultPageSize });
  const list = useWaitingList(event.id, { page: pagination.page, perPage: pagination.pageSize });
  const change = useWaitingListChange(event.id);
  const locale = i18n.language;

  const run = async (kind: 'moveUp' | 'close' | 'open', entry?: WaitingListEntry) => {
    const name = entry ? `${entry.firstname} ${entry.lastname}` : '';
    try {
      await change.mutateAsync(
        kind === 'moveUp' ? { kind, id: entry!.id } : { kind: 'state', isWaitingListClosed: kind === 'close' },
      );
      enqueueSnackbar(t(`eventRegistrationsStaff.waitingList.done.${kind}`, { name }), { variant: 'success' });
    } catch (error) {
      const reasons = error instanceof ApiError ? error.errors : [];
      enqueueSnackbar([t('common.updateError'), ...reasons].join(' '), { variant: 'error' });
    }
  };
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });

  const columns = useMemo<DataTableColumn<WaitingListEntry>[]>(
    () => [
      { id: 'place', header: t('eventRegistrationsStaff.waitingList.place'), width: 80, cell: (entry) => entry.place },
      {
        id: 'name',
        header: t('eventRegistrationsStaff.fields.name'),
        isRowHeader: true,
        cell: (entry) => `${entry.firstname} ${entry.lastname}`,
      },
      { id: 'email', header: t('eventRegistrationsStaff.fields.email'), cell: (entry) => entry.email },
      {
        id: 'registeredAt',
        header: t('eventRegistrationsStaff.fields.registeredAt'),
        cell: (entry) => formatDateTime(entry.registeredAt, locale),
      },
      {
        id: 'actions',
        header: t('eventRegistrationsStaff.actions.header'),
        cell: (entry) => (
          <Button
            size="small"
            onClick={() => void runRef.current('moveUp', entry)}
            aria-label={t('eventRegistrationsStaff.waitingList.moveUpName', {
              name: `${entry.firstname} ${entry.lastname}`,
            })}
          >
            {t('eventRegistrationsStaff.waitingList.moveUp')}
          </Button>
        ),
      },
    ],
    [t, locale],
  );

  const total = list.data?.total ?? 0;
  if (!event.hasWaitingList && total === 0) return null;
  const isClosed = list.data?.isWaitingListClosed ?? event.isWaitingListClosed;
  return (
    <Stack component="section" aria-labelledby={`waiting-list-${event.id}`} sx={{ gap: 1, mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <Typography id={`waiting-list-${event.id}`} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('eventRegistrationsStaff.waitingList.title', { count: total })}
        </Typography>
        <Button variant="outlined" disabled={change.isPending} onClick={() => void run(isClosed ? 'open' : 'close')}>
          {t(`eventRegistrationsStaff.waitingList.${isClosed ? 'open' : 'close'}`)}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t(`eventRegistrationsStaff.waitingList.${isClosed ? 'closedHint' : 'openHint'}`, {
          hours: event.waitingListConfirmHours,
        })}
      </Typography>
      {total === 0 && list.isSuccess ? (
        <Alert severity="info">{t('eventRegistrationsStaff.waitingList.empty')}</Alert>
      ) : (
        <DataTable
          label={t('eventRegistrationsStaff.waitingList.label', { title: event.title })}
          columns={columns}
          rows={list.data?.items ?? []}
          total={total}
          getRowId={(entry) => entry.id}
          getRowLabel={(entry) => `${entry.firstname} ${entry.lastname}`}
          sorting={[]}
          onSortingChange={() => undefined}
          pagination={pagination}
          onPaginationChange={setPagination}
          isLoading={list.isFetching}
        />
      )}
    </Stack>
  );
}
