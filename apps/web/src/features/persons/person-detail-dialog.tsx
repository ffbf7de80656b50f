import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PersonDetailDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Makes the dialog a form with a submit button labelled `submitLabel` (default: save). */
  onSubmit?: () => void;
  submitLabel?: string;
  isSubmitDisabled?: boolean;
  isBusy?: boolean;
}

/**
 * The page's dialogs (address, club assignment, password, username, avatar): at most 50rem wide
 * (spec 01 §2 "Dialogs", §9). With `onSubmit` the dialog is a form; Enter submits.
 */
export function PersonDetailDialog({
  open,
  title,
  onClose,
  children,
  onSubmit,
  submitLabel,
  isSubmitDisabled,
  isBusy,
}: PersonDetailDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{
        paper: {
          sx: { maxWidth: '50rem', m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' } },
          ...(onSubmit ? { component: 'form', noValidate: true, onSubmit: submit } : {}),
        },
      }}
    >
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={isBusy}>
          {onSubmit ? t('common.cancel') : t('common.close')}
        </Button>
        {onSubmit ? (
          <Button type="submit" variant="contained" disabled={Boolean(isSubmitDisabled) || Boolean(isBusy)}>
            {submitLabel ?? t('personDetail.save')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Tabs with textColor inherit dim the unselected ones to 60 % opacity, which fails WCAG AA on the
 * light background: full opacity with the theme's secondary text instead.
 */
export const tabContrast = {
  '& .MuiTab-root': { opacity: 1, color: 'text.secondary' },
  '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
  '& .MuiTab-root.Mui-disabled': { color: 'text.disabled' },
} as const;
