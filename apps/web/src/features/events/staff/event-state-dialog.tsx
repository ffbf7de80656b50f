import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { eventStateEnum, type EventState } from '@bpw/domain/enums/event';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetEventState } from './api/set-event-state';
import { EventStateChip } from '../shared/event-state-chip';
import { errorMessages } from '../../../api/api-error';
import { ErrorList } from '../../../components/error-list';

/**
 * Spec 02 §4: the state is chosen in a select (each state as its coloured chip) and is required;
 * the dialog is 50rem wide (§9). Which transitions are allowed is the server's decision.
 */
export function EventStateDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const [state, setState] = useState<EventState>(event.eventState as EventState);
  const [errors, setErrors] = useState<string[]>([]);
  const setEventState = useSetEventState();
  const isBusy = setEventState.isPending;

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setErrors([]);
    try {
      await setEventState.mutateAsync({ id: event.id, eventState: state });
      enqueueSnackbar(t('eventsStaff.state.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(t('common.updateError'), { variant: 'error' });
      setErrors(errorMessages(error, t('common.updateError')));
    }
  };

  // The paper is the form, so Enter submits.
  const formPaper = { component: 'form' as const, noValidate: true, onSubmit: (e: FormEvent) => void submit(e) };
  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
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
      <DialogTitle id={titleId}>{t('eventsStaff.state.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ErrorList errors={errors} />
          <TextField
            select
            required
            fullWidth
            label={t('eventsStaff.fields.eventState')}
            value={String(state)}
            onChange={(changeEvent) => setState(Number(changeEvent.target.value) as EventState)}
            disabled={isBusy}
            slotProps={{ select: { renderValue: (value) => <EventStateChip state={Number(value)} /> } }}
          >
            {eventStateEnum.values.map((value) => (
              <MenuItem key={value} value={String(value)} aria-label={t(eventStateEnum.labelKey(value))}>
                <EventStateChip state={value} />
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isBusy || state === event.eventState}>
          {t('eventsStaff.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
