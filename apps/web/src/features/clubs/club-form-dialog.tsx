import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Club } from '@bpw/domain/schemas/club';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubForm } from './club-form';

interface ClubFormDialogProps {
  open: boolean;
  /** Null: create a club. */
  club: Club | null;
  onClose: () => void;
  onSaved?: (club: { id: string }) => void;
}

/** The admins' create/edit dialog (spec 01 §2), 50rem wide (spec 01 §9). */
export function ClubFormDialog({ open, club, onClose, onSaved }: ClubFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: '50rem' } } }}
    >
      <DialogTitle id={titleId}>{t(club ? 'clubs.form.editTitle' : 'clubs.form.createTitle')}</DialogTitle>
      <DialogContent>
        <ClubForm
          club={club}
          onCancel={onClose}
          onSaved={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
