import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../components/person-avatar';

interface AvatarZoomDialogProps {
  open: boolean;
  onClose: () => void;
  personId: string;
  avatarId: string | null;
  name: string;
}

/** The avatar in size l (spec 01 §9 "sizes s and l are used for small and zoom views"); Escape closes. */
export function AvatarZoomDialog({ open, onClose, personId, avatarId, name }: AvatarZoomDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={false}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {name}
        <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
        <PersonAvatar personId={personId} avatarId={avatarId} name={name} size="l" diameter={320} />
      </DialogContent>
    </Dialog>
  );
}
