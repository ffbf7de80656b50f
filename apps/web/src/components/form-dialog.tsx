import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useCallback, useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from './error-list';
import { errorMessages } from '../api/api-error';

interface FormDialogProps {
  title: string;
  /** A line under the title (the event form's responsible club). */
  subtitle?: string | undefined;
  /** A text above the fields; it describes the dialog to assistive technology. */
  description?: string;
  /** The server's messages of the last failed submit (spec 01 §8), listed above the fields. */
  errors: readonly string[];
  errorTitle?: string;
  onClose: () => void;
  /** Runs on the submit button and on Enter in a field. */
  onSubmit: () => void;
  submitLabel: string;
  isSubmitDisabled?: boolean;
  /** While busy the progress bar shows, the buttons are disabled and Esc does not close. */
  isBusy?: boolean;
  /** 'large': 100rem wide and full screen on a phone (the event form); else 50rem (spec 01 §9). */
  size?: 'medium' | 'large';
  isFullScreenOnPhone?: boolean;
  /** Neither a click beside it nor Esc throws the typed data away (spec 01 §2 "Create person"). */
  isPersistent?: boolean;
  /** Buttons at the start of the actions (the event form's scroll to top). */
  extraActions?: ReactNode;
  /** The scrolling content. */
  contentRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

const mediumPaper = {
  maxWidth: '50rem',
  m: { xs: 1, sm: 4 },
  width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' },
};

/**
 * The shell of every form dialog: the paper is the form (Enter in a field submits, Esc cancels),
 * a progress bar while busy, the title, the server's error list, the fields, cancel and submit.
 * Mount it while it is open.
 */
export function FormDialog({
  title,
  subtitle,
  description,
  errors,
  errorTitle,
  onClose,
  onSubmit,
  submitLabel,
  isSubmitDisabled = false,
  isBusy = false,
  size = 'medium',
  isFullScreenOnPhone = size === 'large',
  isPersistent = false,
  extraActions,
  contentRef,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const isFullScreen = isFullScreenOnPhone && isPhone;
  const titleId = useId();
  const descriptionId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  // The paper is the form, so Enter in a field submits.
  const formPaper = { component: 'form' as const, noValidate: true, onSubmit: submit };
  const paperSx = isFullScreen ? undefined : size === 'large' ? { maxWidth: '100rem' } : mediumPaper;
  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        if (isBusy || (isPersistent && (reason === 'backdropClick' || reason === 'escapeKeyDown'))) return;
        onClose();
      }}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-busy={isBusy}
      fullWidth
      fullScreen={isFullScreen}
      maxWidth={false}
      slotProps={{ paper: { ...formPaper, sx: paperSx } }}
    >
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <DialogTitle id={titleId}>
        {title}
        {subtitle ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {subtitle}
          </Typography>
        ) : null}
      </DialogTitle>
      <DialogContent dividers ref={contentRef}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {description ? <DialogContentText id={descriptionId}>{description}</DialogContentText> : null}
          <ErrorList title={errorTitle} errors={errors} />
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={extraActions ? { flexWrap: 'wrap', gap: 1 } : undefined}>
        {extraActions}
        {extraActions ? <Box sx={{ flexGrow: 1 }} /> : null}
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitDisabled || isBusy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A form dialog's failed submit (spec 01 §8): the error snackbar and the server's messages for
 * the list; `fallback` stands in the list when the answer carries none.
 */
export function useFormErrors() {
  const { enqueueSnackbar } = useSnackbar();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const clearErrors = useCallback(() => setErrors([]), []);
  const showErrors = useCallback(
    (error: unknown, message: string, fallback = message) => {
      enqueueSnackbar(message, { variant: 'error' });
      setErrors(errorMessages(error, fallback));
    },
    [enqueueSnackbar],
  );
  return { errors, clearErrors, showErrors };
}
