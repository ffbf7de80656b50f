import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonListBulkAction, type BulkAction, type BulkResult } from './api/person-list-bulk-actions';
import { ConfirmDialog } from '../../components/confirm-dialog';

interface PersonListSelectionActionsProps {
  selectedIds: string[];
  /** After a run: the ids that stay selected (the failed ones). */
  onKeepSelected: (ids: string[]) => void;
  /** Archive is for admins (spec 01 §4), delete for managers (spec 01 §2). */
  canArchive: boolean;
  canDelete: boolean;
}

const texts = {
  archive: {
    button: 'personList.archive',
    title: 'personList.archiveConfirmTitle',
    message: 'personList.archiveConfirmMessage',
    done: 'personList.archiveDone',
    failed: 'personList.archiveFailed',
  },
  delete: {
    button: 'personList.delete',
    title: 'personList.deleteConfirmTitle',
    message: 'personList.deleteConfirmMessage',
    done: 'personList.deleteDone',
    failed: 'personList.deleteFailed',
  },
} as const;

/**
 * Archive and delete for the selected persons (DESIGN: they work, with the single actions'
 * rules): a confirmation, one call per person, then a snackbar with what worked and what not.
 */
export function PersonListSelectionActions({
  selectedIds,
  onKeepSelected,
  canArchive,
  canDelete,
}: PersonListSelectionActionsProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const bulk = usePersonListBulkAction();
  const [pending, setPending] = useState<BulkAction | null>(null);

  const report = (action: BulkAction, result: BulkResult) => {
    if (result.succeeded.length > 0) {
      enqueueSnackbar(t(texts[action].done, { count: result.succeeded.length }), { variant: 'success' });
    }
    if (result.failed.length > 0) {
      const reasons = result.messages.length > 0 ? ` ${result.messages.join(' ')}` : '';
      enqueueSnackbar(`${t(texts[action].failed, { count: result.failed.length })}${reasons}`, {
        variant: 'error',
        autoHideDuration: 6000,
      });
    }
  };

  const run = async (action: BulkAction) => {
    setPending(null);
    const result = await bulk.mutateAsync({ action, ids: selectedIds });
    report(action, result);
    // The failed ones stay selected, so they can be looked at.
    onKeepSelected(result.failed);
  };

  const button = (action: BulkAction) => (
    <Button
      key={action}
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={action === 'archive' ? <ArchiveIcon /> : <DeleteIcon />}
      disabled={bulk.isPending}
      onClick={() => setPending(action)}
    >
      {t(texts[action].button)}
    </Button>
  );

  return (
    <>
      {canArchive ? button('archive') : null}
      {canDelete ? button('delete') : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(texts[pending].title) : undefined}
        message={pending ? t(texts[pending].message, { count: selectedIds.length }) : undefined}
        confirmLabel={pending ? t(texts[pending].button) : undefined}
        onConfirm={() => {
          if (pending) void run(pending);
        }}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
