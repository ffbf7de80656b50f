import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Club } from '@bpw/domain/schemas/club';
import { canManageClub, canManageClubs, canSeeClubMenu } from '@bpw/domain/permissions';
import { useSnackbar } from 'notistack';
import { Fragment, useState } from 'react';
import { useActionMenu } from '../../components/use-action-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteClub } from './api/delete-club';
import { AddMemberDialog } from './add-member-dialog';
import { ClubFormDialog } from './club-form-dialog';
import type { ClubExtraMenuItem } from './club-page-extensions';
import { ApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useActor } from '../../lib/use-claims';

// An extra item's dialog is open under its key.
type OpenDialog = 'assign' | 'edit' | 'delete' | (string & {}) | null;

/**
 * Spec 01 §2 "Club detail" menu: add member (club managers), edit and delete (admins), and the
 * entries of other features (add event for event managers, composed in app/club-detail-route.tsx).
 */
export function ClubMenu({ club, extraItems = [] }: { club: Club; extraItems?: ClubExtraMenuItem[] | undefined }) {
  const { t } = useTranslation();
  const actor = useActor();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const deleteClub = useDeleteClub();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const menu = useActionMenu();

  const canAssign = canManageClub(actor, club.id);
  const isAdmin = canManageClubs(actor);
  if (!canSeeClubMenu(actor, club.id) || (!canAssign && !isAdmin && extraItems.length === 0)) return null;

  const open = (next: OpenDialog) => {
    menu.close();
    setDialog(next);
  };
  const confirmDelete = async () => {
    setDialog(null);
    try {
      await deleteClub.mutateAsync(club.id);
      enqueueSnackbar(t('clubs.detail.deleted', { name: club.name }), { variant: 'success' });
      void navigate('/clubs', { replace: true });
    } catch (error) {
      // A club with relations or events answers 409 with the reason.
      const reasons = error instanceof ApiError ? error.errors : [];
      enqueueSnackbar([t('common.deleteError'), ...reasons].join(' '), { variant: 'error' });
    }
  };

  return (
    <>
      <IconButton {...menu.buttonProps} aria-label={t('clubs.detail.actions')}>
        <MoreVertIcon />
      </IconButton>
      <Menu {...menu.menuProps}>
        {canAssign ? (
          <MenuItem onClick={() => open('assign')}>
            <ListItemIcon>
              <PersonAddIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('clubs.detail.addMember')}</ListItemText>
          </MenuItem>
        ) : null}
        {extraItems.map((item) => (
          <MenuItem key={item.key} onClick={() => open(item.key)}>
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
        {isAdmin ? (
          <MenuItem onClick={() => open('edit')}>
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('clubs.detail.edit')}</ListItemText>
          </MenuItem>
        ) : null}
        {isAdmin ? (
          <MenuItem onClick={() => open('delete')}>
            <ListItemIcon>
              <DeleteIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('clubs.detail.delete')}</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>
      {canAssign && dialog === 'assign' ? <AddMemberDialog club={club} onClose={() => setDialog(null)} /> : null}
      {extraItems.map((item) => (
        <Fragment key={item.key}>{dialog === item.key ? item.renderDialog(() => setDialog(null)) : null}</Fragment>
      ))}
      {isAdmin && dialog === 'edit' ? <ClubFormDialog club={club} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('clubs.detail.confirmDeleteTitle')}
        message={t('clubs.detail.confirmDeleteMessage', { name: club.name })}
        confirmLabel={t('clubs.detail.delete')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
