import DeleteIcon from '@mui/icons-material/Delete';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { EventCategoryDetail } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useActionMenu } from '../../components/use-action-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteEventCategory } from './api/delete-event-category';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * Spec 02 §2: the admins' menu offers delete with confirmation, disabled with a hint while the
 * category still has events; after the delete the category list opens.
 */
export function EventCategoryMenu({ category }: { category: EventCategoryDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteEventCategory();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const menu = useActionMenu();
  const hasEvents = category.eventCount > 0;

  const confirmDelete = async () => {
    setIsConfirmOpen(false);
    try {
      await remove.mutateAsync(category.id);
      enqueueSnackbar(t('eventCategories.detail.deleted', { title: category.title }), { variant: 'success' });
      void navigate('/event-categories', { replace: true });
    } catch (error) {
      enqueueSnackbar([t('common.deleteError'), ...errorMessages(error, '')].join(' ').trim(), { variant: 'error' });
    }
  };

  return (
    <>
      <IconButton {...menu.buttonProps} aria-label={t('eventCategories.detail.actions')}>
        <MoreVertIcon />
      </IconButton>
      <Menu {...menu.menuProps}>
        <MenuItem
          disabled={hasEvents}
          onClick={() => {
            menu.close();
            setIsConfirmOpen(true);
          }}
        >
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={t('eventCategories.detail.delete')}
            secondary={hasEvents ? t('eventCategories.detail.deleteHint', { count: category.eventCount }) : undefined}
            slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: '18rem' } } }}
          />
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={isConfirmOpen}
        title={t('eventCategories.detail.confirmDeleteTitle')}
        message={t('eventCategories.detail.confirmDeleteMessage', { title: category.title })}
        confirmLabel={t('eventCategories.detail.delete')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setIsConfirmOpen(false)}
      />
    </>
  );
}
