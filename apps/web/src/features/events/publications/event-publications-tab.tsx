import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { EventDetail } from '@bpw/domain/schemas/event';
import type { EventPublication } from '@bpw/domain/schemas/event-publication';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventPublications, type PublicationListParams } from './api/get-publications';
import { PublicationCreateDialog } from './publication-create-dialog';
import { PublicationStateChip } from './publication-state-chip';
import { usePublicationChange } from './use-publication-change';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { defaultPageSize } from '../../../components/data-table/data-table-sorting';

const defaultSorting = [{ id: 'clubName', desc: false }];

/**
 * Spec 02 §2 "Publications tab": the clubs this event is offered to, with their answer; create
 * and delete (a locked publication only by administrators, §6; the server says per row).
 */
export function EventPublicationsTab({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<PublicationListParams>({
    sorting: defaultSorting,
    page: 0,
    perPage: defaultPageSize,
  });
  const list = useEventPublications(event.id, params);
  const change = usePublicationChange();
  const [isCreating, setIsCreating] = useState(false);
  // Kept after closing, so the confirmation keeps its text while it fades out.
  const [deleting, setDeleting] = useState<{ publication: EventPublication; isOpen: boolean } | null>(null);

  const columns = useMemo<DataTableColumn<EventPublication>[]>(
    () => [
      {
        id: 'clubName',
        header: t('eventPublicationsStaff.fields.club'),
        isSortable: true,
        isRowHeader: true,
        cell: (publication) => publication.club.name,
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
        width: 56,
        cell: (publication) => {
          const name = t('eventPublicationsStaff.actions.delete', { club: publication.club.name });
          const button = (
            <IconButton
              size="small"
              aria-label={name}
              disabled={!publication.canDelete}
              onClick={() => setDeleting({ publication, isOpen: true })}
            >
              <Delete fontSize="small" />
            </IconButton>
          );
          // A disabled button gets no pointer events: the tooltip needs a wrapper to say why.
          return publication.canDelete ? (
            button
          ) : (
            <Tooltip describeChild title={t('eventPublicationsStaff.lockedHint')}>
              <span>{button}</span>
            </Tooltip>
          );
        },
      },
    ],
    [t],
  );

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setIsCreating(true)}>
          {t('eventPublicationsStaff.actions.create')}
        </Button>
      </Stack>
      <DataTable
        label={t('eventPublicationsStaff.list.eventLabel', { title: event.title })}
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        getRowId={(publication) => publication.id}
        getRowLabel={(publication) => publication.club.name}
        sorting={params.sorting}
        onSortingChange={(sorting) => setParams((p) => ({ ...p, sorting: sorting.length ? sorting : defaultSorting }))}
        pagination={{ page: params.page, pageSize: params.perPage }}
        onPaginationChange={({ page, pageSize }) => setParams((p) => ({ ...p, page, perPage: pageSize }))}
        isLoading={list.isFetching || change.isBusy}
        emptyText={t('eventPublicationsStaff.list.eventEmpty')}
      />
      {isCreating ? <PublicationCreateDialog event={event} onClose={() => setIsCreating(false)} /> : null}
      <ConfirmDialog
        open={deleting?.isOpen ?? false}
        title={t('eventPublicationsStaff.ask.deleteTitle')}
        message={t('eventPublicationsStaff.ask.deleteMessage', { club: deleting?.publication.club.name ?? '' })}
        confirmLabel={t('eventPublicationsStaff.ask.delete')}
        onConfirm={() => {
          if (deleting) void change.run(deleting.publication, { kind: 'delete' });
          setDeleting((previous) => previous && { ...previous, isOpen: false });
        }}
        onCancel={() => setDeleting((previous) => previous && { ...previous, isOpen: false })}
      />
    </>
  );
}
