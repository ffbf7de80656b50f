import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { eventStateEnum, type EventState } from '@bpw/domain/enums/event';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetEventState } from './api/set-event-state';
import { EventStateChip } from '../shared/event-state-chip';
import { FormDialog, useFormErrors } from '../../../components/form-dialog';

/**
 * Spec 02 §4: the state is chosen in a select (each state as its coloured chip) and is required;
 * the dialog is 50rem wide (§9). Which transitions are allowed is the server's decision.
 */
export function EventStateDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<EventState>(event.eventState as EventState);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const setEventState = useSetEventState();
  const isBusy = setEventState.isPending;

  const submit = async () => {
    clearErrors();
    try {
      await setEventState.mutateAsync({ id: event.id, eventState: state });
      enqueueSnackbar(t('eventsStaff.state.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.updateError'));
    }
  };

  return (
    <FormDialog
      title={t('eventsStaff.state.title')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('eventsStaff.form.save')}
      isSubmitDisabled={state === event.eventState}
      isBusy={isBusy}
    >
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
    </FormDialog>
  );
}
