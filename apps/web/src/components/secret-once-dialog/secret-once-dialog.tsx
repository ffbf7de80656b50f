import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The secret; null keeps the dialog closed. */
  secret: string | null;
  title: string;
  /** The warning that it is shown this once. */
  once: string;
  /** The field's label. */
  label: string;
  /** The note after copying; "Copied." unless given. */
  copiedMessage?: string;
  onClose: () => void;
};

/** A secret (an API token, a webhook's signing secret) shown this once, with a copy button. */
export function SecretOnceDialog({ secret, title, once, label, copiedMessage, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      enqueueSnackbar(copiedMessage ?? t('secretOnce.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('secretOnce.copyFailed'), { variant: 'warning' });
    }
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {once}
        </Alert>
        <TextField
          label={label}
          value={secret ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopy />} onClick={() => void copy()}>
          {t('secretOnce.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('secretOnce.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
