import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { customFieldModeEnum, customFieldTypeEnum, type CustomFieldMode } from '@bpw/domain/enums/custom-field';
import type { EventDetail } from '@bpw/domain/schemas/event';
import type { EventCustomField } from '@bpw/domain/schemas/event-custom-field';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCustomField } from './api/delete-custom-field';
import { useCustomFields, type CustomFieldListParams } from './api/get-custom-fields';
import { CopyCustomFieldsDialog } from './copy-custom-fields-dialog';
import { CustomFieldDialog } from './custom-field-form-dialog';
import { errorMessages } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { defaultPageSize } from '../../../components/data-table/data-table-sorting';

type Dialog = { kind: 'create' } | { kind: 'copy' } | { kind: 'edit'; field: EventCustomField } | null;

/** Spec 02 §9: sortOrder ascending. */
const defaultSorting = [{ id: 'sortOrder', desc: false }];

/** Spec 02 §2 "Custom fields tab": the event's fields sorted by sortOrder, with create, edit, delete. */
export function CustomFieldsTab({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useState<CustomFieldListParams>({
    sorting: defaultSorting,
    page: 0,
    perPage: defaultPageSize,
  });
  const list = useCustomFields(event.id, params);
  const remove = useDeleteCustomField(event.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Kept after closing, so the confirmation keeps its text while it fades out.
  const [deleting, setDeleting] = useState<{ field: EventCustomField; isOpen: boolean } | null>(null);

  const columns = useMemo<DataTableColumn<EventCustomField>[]>(() => {
    const modeLabel = (mode: number) => t(customFieldModeEnum.labelKey(mode as CustomFieldMode));
    return [
      {
        id: 'sortOrder',
        header: t('eventCustomFieldsStaff.fields.sortOrder'),
        isSortable: true,
        width: 96,
        cell: (f) => f.sortOrder,
      },
      {
        id: 'title',
        header: t('eventCustomFieldsStaff.fields.title'),
        isSortable: true,
        isRowHeader: true,
        cell: (f) => f.title,
      },
      {
        id: 'type',
        header: t('eventCustomFieldsStaff.fields.type'),
        cell: (f) => t(customFieldTypeEnum.labelKey(f.eventCustomFieldType)),
      },
      {
        id: 'modeMember',
        header: t('eventCustomFieldsStaff.fields.modeMember'),
        cell: (f) => modeLabel(f.eventCustomFieldModeMember),
      },
      {
        id: 'modeGuest',
        header: t('eventCustomFieldsStaff.fields.modeGuest'),
        cell: (f) => modeLabel(f.eventCustomFieldModeGuest),
      },
      {
        id: 'showInList',
        header: t('eventCustomFieldsStaff.fields.showInList'),
        cell: (f) => t(f.showInList ? 'eventCustomFieldsStaff.yes' : 'eventCustomFieldsStaff.no'),
      },
      {
        id: 'options',
        header: t('eventCustomFieldsStaff.fields.options'),
        cell: (f) => f.eventCustomFieldOptions.map((option) => option.value).join(', '),
      },
      {
        id: 'actions',
        header: t('eventCustomFieldsStaff.actions.header'),
        isHeaderHidden: true,
        width: 104,
        cell: (f) => (
          <Stack direction="row">
            <IconButton
              size="small"
              aria-label={t('eventCustomFieldsStaff.actions.edit', { title: f.title })}
              onClick={() => setDialog({ kind: 'edit', field: f })}
            >
              <Edit fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('eventCustomFieldsStaff.actions.delete', { title: f.title })}
              onClick={() => setDeleting({ field: f, isOpen: true })}
            >
              <Delete fontSize="small" />
            </IconButton>
          </Stack>
        ),
      },
    ];
  }, [t]);

  const confirmDelete = async (field: EventCustomField) => {
    setDeleting({ field, isOpen: false });
    try {
      await remove.mutateAsync(field.id);
      enqueueSnackbar(t('eventCustomFieldsStaff.deleted', { title: field.title }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar([t('common.deleteError'), ...errorMessages(error, '')].join(' ').trim(), { variant: 'error' });
    }
  };

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<ContentCopy />}
          onClick={() => setDialog({ kind: 'copy' })}
        >
          {t('eventCustomFieldsStaff.actions.copy')}
        </Button>
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'create' })}>
          {t('eventCustomFieldsStaff.actions.create')}
        </Button>
      </Stack>
      <DataTable
        label={t('eventCustomFieldsStaff.list.label', { title: event.title })}
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        getRowId={(field) => field.id}
        getRowLabel={(field) => field.title}
        sorting={params.sorting}
        onSortingChange={(sorting) => setParams((p) => ({ ...p, sorting: sorting.length ? sorting : defaultSorting }))}
        pagination={{ page: params.page, pageSize: params.perPage }}
        onPaginationChange={({ page, pageSize }) => setParams((p) => ({ ...p, page, perPage: pageSize }))}
        isLoading={list.isFetching || remove.isPending}
        emptyText={t('eventCustomFieldsStaff.list.empty')}
      />
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <CustomFieldDialog
          eventId={event.id}
          field={dialog.kind === 'edit' ? dialog.field : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'copy' ? <CopyCustomFieldsDialog event={event} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={deleting?.isOpen ?? false}
        title={t('eventCustomFieldsStaff.ask.deleteTitle')}
        message={t('eventCustomFieldsStaff.ask.deleteMessage', { title: deleting?.field.title ?? '' })}
        confirmLabel={t('eventCustomFieldsStaff.ask.delete')}
        onConfirm={() => deleting && void confirmDelete(deleting.field)}
        onCancel={() => setDeleting((previous) => previous && { ...previous, isOpen: false })}
      />
    </>
  );
}
