import { eventTimeZone } from '@bpw/domain/event-time';
import FormControl from '@mui/material/FormControl';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { EventRegistrationType, eventRegistrationTypeEnum, eventRegistrationTypeValues } from '@bpw/domain/enums/event';
import { fieldsForRegistrationType, typeForSlotsValue } from '@bpw/domain/event-registration-type';
import { REGISTRATION_CONFIRM_HOURS_MAX, REGISTRATION_CONFIRM_HOURS_MIN } from '@bpw/domain/schemas/event';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EventFormOutput, EventFormValues } from './event-form-schema';
import { EventFormSection } from './event-form-section';
import { FormTextField } from '../../../components/form-text-field';
import { DateTimeInput } from '../../../components/time-input';
import { translateFieldError } from '../../../lib/validation';

/** '' is no number; anything else is taken as typed, so "2.5" is refused as no valid integer. */
const slotsOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The registration type switch with its resets (spec 02 §4): the type decides which of slots,
 * deadlines and external URL apply; the slot box is disabled unless the slots are limited.
 */
export function EventFormRegistration({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<EventFormValues, unknown, EventFormOutput>();
  const type = useWatch({ control, name: 'registrationType' });
  const hasWaitingList = useWatch({ control, name: 'hasWaitingList' });
  const groupLabelId = useId();
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  const set = { shouldValidate: true, shouldDirty: true } as const;

  const chooseType = (next: EventRegistrationType) => {
    const fields = fieldsForRegistrationType(next, {
      registrationSlots: getValues('registrationSlots'),
      registrationTo: getValues('registrationTo'),
      unregistrationTo: getValues('unregistrationTo'),
      externalRegistrationUrl: getValues('externalRegistrationUrl'),
    });
    setValue('registrationType', next, set);
    setValue('registrationSlots', fields.registrationSlots ?? null, set);
    setValue('registrationTo', fields.registrationTo ?? null, set);
    setValue('unregistrationTo', fields.unregistrationTo ?? null, set);
    setValue('externalRegistrationUrl', fields.externalRegistrationUrl ?? null, set);
  };

  const hasRegistration = type !== EventRegistrationType.NoRegistration;
  const isExternal = type === EventRegistrationType.ExternalRegistration;
  return (
    <EventFormSection title={t('eventsStaff.form.sections.registration')}>
      <FormControl disabled={disabled}>
        <FormLabel id={groupLabelId}>{label('registrationType')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={groupLabelId}
          value={String(type)}
          onChange={(event) => chooseType(Number(event.target.value) as EventRegistrationType)}
        >
          {eventRegistrationTypeValues.map((value) => (
            <FormControlLabel
              key={value}
              value={String(value)}
              control={<Radio />}
              label={t(eventRegistrationTypeEnum.labelKey(value))}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Grid container spacing={2}>
        {isExternal ? (
          <Grid size={12}>
            <FormTextField
              control={control}
              name="externalRegistrationUrl"
              label={label('externalRegistrationUrl')}
              type="url"
              required
              disabled={disabled}
            />
          </Grid>
        ) : (
          <Grid size={{ xs: 12, md: 4 }}>
            <Controller
              control={control}
              name="registrationSlots"
              render={({ field, fieldState }) => (
                <TextField
                  type="number"
                  fullWidth
                  name={field.name}
                  inputRef={field.ref}
                  label={label('registrationSlots')}
                  value={field.value === null || Number.isNaN(field.value) ? '' : String(field.value)}
                  onChange={(event) => {
                    const slots = slotsOf(event.target.value);
                    field.onChange(slots);
                    // Spec 02 §4: "A slots value of 0 forces UnlimitedSlots."
                    const forced = typeForSlotsValue(slots, type);
                    if (forced !== type) setValue('registrationType', forced, set);
                  }}
                  onBlur={field.onBlur}
                  required={type === EventRegistrationType.LimitedSlots}
                  disabled={disabled || type !== EventRegistrationType.LimitedSlots}
                  error={Boolean(fieldState.error)}
                  helperText={translateFieldError(t, fieldState.error?.message, label('registrationSlots'))}
                  slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
                />
              )}
            />
          </Grid>
        )}
        {hasRegistration && !isExternal ? (
          <Grid size={{ xs: 12, md: 4 }}>
            <Controller
              control={control}
              name="registrationConfirmHours"
              render={({ field, fieldState }) => (
                <TextField
                  type="number"
                  fullWidth
                  name={field.name}
                  inputRef={field.ref}
                  label={label('registrationConfirmHours')}
                  value={field.value === null || Number.isNaN(field.value) ? '' : String(field.value)}
                  onChange={(event) => field.onChange(slotsOf(event.target.value))}
                  onBlur={field.onBlur}
                  required
                  disabled={disabled}
                  error={Boolean(fieldState.error)}
                  helperText={
                    translateFieldError(t, fieldState.error?.message, label('registrationConfirmHours')) ||
                    label('registrationConfirmHoursHint')
                  }
                  slotProps={{
                    htmlInput: {
                      min: REGISTRATION_CONFIRM_HOURS_MIN,
                      max: REGISTRATION_CONFIRM_HOURS_MAX,
                      step: 1,
                      inputMode: 'numeric',
                    },
                  }}
                />
              )}
            />
          </Grid>
        ) : null}
        {type === EventRegistrationType.LimitedSlots ? (
          <EventFormWaitingList disabled={disabled} hasWaitingList={hasWaitingList} />
        ) : null}
        {hasRegistration ? (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={control}
                name="registrationTo"
                render={({ field, fieldState }) => (
                  <DateTimeInput
                    timeZone={eventTimeZone}
                    dateLabel={label('registrationToDate')}
                    timeLabel={label('registrationToTime')}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={disabled}
                    errorText={translateFieldError(t, fieldState.error?.message, label('registrationTo'))}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={control}
                name="unregistrationTo"
                render={({ field, fieldState }) => (
                  <DateTimeInput
                    timeZone={eventTimeZone}
                    dateLabel={label('unregistrationToDate')}
                    timeLabel={label('unregistrationToTime')}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={disabled}
                    errorText={translateFieldError(t, fieldState.error?.message, label('unregistrationTo'))}
                  />
                )}
              />
            </Grid>
          </>
        ) : null}
      </Grid>
    </EventFormSection>
  );
}

/** Issue 19: a limited event may keep a waiting list; someone moved up has these hours to confirm. */
function EventFormWaitingList({ disabled, hasWaitingList }: { disabled: boolean; hasWaitingList: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues, unknown, EventFormOutput>();
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  return (
    <>
      <Grid size={{ xs: 12, md: 4 }}>
        <Controller
          control={control}
          name="hasWaitingList"
          render={({ field }) => (
            <FormControlLabel
              label={label('hasWaitingList')}
              disabled={disabled}
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
            />
          )}
        />
      </Grid>
      {hasWaitingList ? (
        <Grid size={{ xs: 12, md: 8 }}>
          <Controller
            control={control}
            name="waitingListConfirmHours"
            render={({ field, fieldState }) => (
              <TextField
                type="number"
                fullWidth
                name={field.name}
                inputRef={field.ref}
                label={label('waitingListConfirmHours')}
                value={field.value === null || Number.isNaN(field.value) ? '' : String(field.value)}
                onChange={(event) => field.onChange(slotsOf(event.target.value))}
                onBlur={field.onBlur}
                required
                disabled={disabled}
                error={Boolean(fieldState.error)}
                helperText={
                  translateFieldError(t, fieldState.error?.message, label('waitingListConfirmHours')) ||
                  label('waitingListConfirmHoursHint')
                }
                slotProps={{
                  htmlInput: {
                    min: REGISTRATION_CONFIRM_HOURS_MIN,
                    max: REGISTRATION_CONFIRM_HOURS_MAX,
                    step: 1,
                    inputMode: 'numeric',
                  },
                }}
              />
            )}
          />
        </Grid>
      ) : null}
    </>
  );
}
