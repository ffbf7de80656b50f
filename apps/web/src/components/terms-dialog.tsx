import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const paragraphKeys = ['terms.p1', 'terms.p2', 'terms.p3', 'terms.p4', 'terms.p5'] as const;

/** The terms and conditions (spec 01 §1), opened from the login card and the footer. */
export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t('terms.title')}</DialogTitle>
      {/* Focusable, so keyboard users can scroll the long text on small screens. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        {paragraphKeys.map((key) => (
          <Typography key={key} variant="body1" sx={{ mb: 2 }}>
            {t(key)}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
