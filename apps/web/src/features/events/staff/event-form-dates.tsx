import { eventTimeZone } from '@bpw/domain/event-time';
import Grid from '@mui/material/Grid';
import { eventToAfterFromChange } from '@bpw/domain/event-registration-type';
import { useRef } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EventFormOutput, EventFormValues } from './event-form-schema';
import { EventFormSection } from './event-form-section';
import { FormTextField } from '../../../components/form-text-field';
import { DateTimeInput } from '../../../components/time-input';
import { translateFieldError } from '../../../lib/validation';

/** Contact details, and from and to as date and time each (spec 02 §2). */
export function EventFormDates({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<EventFormValues, unknown, EventFormOutput>();
  // The last complete start: while a new date is typed the start is briefly empty, and eventTo
  // must still follow once it is complete again.
  const lastFrom = useRef(getValues('eventFrom'));
  const label = (name: string) => t(`eventsStaff.fields.${name}`);

  const changeFrom = (next: string | null, onChange: (value: string | null) => void) => {
    onChange(next);
    if (next === null) return;
    // Spec 02 §4: "Setting eventFrom moves eventTo along if they were equal."
    const eventTo = getValues('eventTo');
    const moved = eventToAfterFromChange(lastFrom.current, next, eventTo);
    if (moved !== eventTo) setValue('eventTo', moved, { shouldValidate: true, shouldDirty: true });
    lastFrom.current = next;
  };

  return (
    <>
      <EventFormSection title={t('eventsStaff.form.sections.contact')}>
        <FormTextField
          control={control}
          name="contactDetails"
          label={label('contactDetails')}
          multiline
          minRows={2}
          disabled={disabled}
        />
      </EventFormSection>
      <EventFormSection title={t('eventsStaff.form.sections.dates')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="eventFrom"
              render={({ field, fieldState }) => (
                <DateTimeInput
                  timeZone={eventTimeZone}
                  dateLabel={label('eventFromDate')}
                  timeLabel={label('eventFromTime')}
                  value={field.value}
                  onChange={(next) => changeFrom(next, field.onChange)}
                  required
                  disabled={disabled}
                  errorText={translateFieldError(t, fieldState.error?.message, label('eventFrom'))}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="eventTo"
              render={({ field, fieldState }) => (
                <DateTimeInput
                  timeZone={eventTimeZone}
                  dateLabel={label('eventToDate')}
                  timeLabel={label('eventToTime')}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={disabled}
                  errorText={translateFieldError(t, fieldState.error?.message, label('eventTo'))}
                />
              )}
            />
          </Grid>
        </Grid>
      </EventFormSection>
    </>
  );
}
