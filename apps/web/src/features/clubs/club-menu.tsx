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
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteClub } from './api/delete-club';
import { ClubAssignmentDialog } from './club-assignment-dialog';
import { ClubFormDialog } from './club-form-dialog';
import { ApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useActor } from '../../lib/use-claims';

type OpenDialog = 'assign' | 'edit' | 'delete' | null;

/**
 * Spec 01 §2 "Club detail" menu: add member (club managers), edit and delete (admins). "Add
 * event" (event managers) waits for the events issue: there is no event form to open yet.
 */
export function ClubMenu({ club }: { club: Club }) {
  const { t } = useTranslation();
  const actor = useActor();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const deleteClub = useDeleteClub();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const menuId = useId();
  const buttonId = useId();

  const canAssign = canManageClub(actor, club.id);
  const isAdmin = canManageClubs(actor);
  if (!canSeeClubMenu(actor, club.id) || (!canAssign && !isAdmin)) return null;

  const open = (next: OpenDialog) => {
    setAnchor(null);
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
      <IconButton
        id={buttonId}
        aria-label={t('clubs.detail.actions')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {canAssign ? (
          <MenuItem onClick={() => open('assign')}>
            <ListItemIcon>
              <PersonAddIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('clubs.detail.addMember')}</ListItemText>
          </MenuItem>
        ) : null}
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
      {canAssign ? (
        <ClubAssignmentDialog open={dialog === 'assign'} club={club} onClose={() => setDialog(null)} />
      ) : null}
      {isAdmin ? <ClubFormDialog open={dialog === 'edit'} club={club} onClose={() => setDialog(null)} /> : null}
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
