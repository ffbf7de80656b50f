import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { validationMessageKey } from '@bpw/domain/validation';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyCustomFields } from './api/copy-custom-fields';
import { EventAutocomplete, type EventOption } from './event-autocomplete';
import { errorMessages } from '../../../api/api-error';
import { ErrorList } from '../../../components/error-list';

interface CopyCustomFieldsDialogProps {
  /** The target: the event whose page the dialog was opened on. */
  event: { id: string; title: string };
  onClose: () => void;
  onCopied?: () => void;
}

/**
 * Spec 02 §2 "Copy custom fields dialog": a source event (required, "{field} must not be empty"
 * with the label "Event", §5) whose fields are appended to this event's. Server errors show in
 * the form (§8); the dialog stays open.
 */
export function CopyCustomFieldsDialog({ event, onClose, onCopied }: CopyCustomFieldsDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const textId = useId();
  const [source, setSource] = useState<EventOption | null>(null);
  const [isTouched, setIsTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const copy = useCopyCustomFields(event.id);
  const excludeIds = useMemo(() => [event.id], [event.id]);
  const fieldLabel = t('eventCustomFieldsStaff.copy.source');
  const requiredText = isTouched && !source ? t(validationMessageKey('required'), { field: fieldLabel }) : undefined;

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setIsTouched(true);
    if (!source) return;
    setErrors([]);
    try {
      await copy.mutateAsync(source.id);
      enqueueSnackbar(t('eventCustomFieldsStaff.copy.done', { title: source.title }), { variant: 'success' });
      onClose();
      onCopied?.();
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
    }
  };
  const isBusy = copy.isPending;
  const formPaper = { component: 'form' as const, noValidate: true, onSubmit: (e: FormEvent) => void submit(e) };

  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth={false}
      slotProps={{
        paper: {
          ...formPaper,
          sx: { maxWidth: '50rem', m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' } },
        },
      }}
    >
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <DialogTitle id={titleId}>{t('eventCustomFieldsStaff.copy.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText id={textId}>
            {t('eventCustomFieldsStaff.copy.text', { title: event.title })}
          </DialogContentText>
          <ErrorList errors={errors} />
          <EventAutocomplete
            label={fieldLabel}
            value={source}
            onChange={(next) => setSource(Array.isArray(next) ? (next[0] ?? null) : next)}
            onBlur={() => setIsTouched(true)}
            excludeIds={excludeIds}
            required
            disabled={isBusy}
            errorText={requiredText}
            autoFocus
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!source || isBusy}>
          {t('eventCustomFieldsStaff.copy.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
