import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { eventStateEnum } from '@bpw/domain/enums/event';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCategoryOptions } from './api/get-event-form-options';
import type { EventFormOutput, EventFormValues } from './event-form-schema';
import { EventFormSection } from './event-form-section';
import { FormSelectField, type SelectOption } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { translateFieldError } from '../../../lib/validation';

interface EventFormBasicsProps {
  isEdit: boolean;
  /** The clubs to choose the responsible club from; null when the club is fixed. */
  clubOptions: SelectOption[] | null;
  disabled: boolean;
}

/** Title and categories (and on edit the state; on a free create the responsible club). */
export function EventFormBasics({ isEdit, clubOptions, disabled }: EventFormBasicsProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues, unknown, EventFormOutput>();
  const categories = useCategoryOptions();
  const options = categories.data?.items ?? [];
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  return (
    <EventFormSection title={t('eventsStaff.form.sections.basics')}>
      <Grid container spacing={2}>
        {clubOptions ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <FormSelectField
              control={control}
              name="responsibleClubId"
              label={label('responsibleClub')}
              options={clubOptions}
              required
              disabled={disabled}
            />
          </Grid>
        ) : null}
        {isEdit ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <FormSelectField
              control={control}
              name="eventState"
              label={label('eventState')}
              options={eventStateEnum.values.map((value) => ({ value, label: t(eventStateEnum.labelKey(value)) }))}
              required
              disabled={disabled}
            />
          </Grid>
        ) : null}
        <Grid size={12}>
          <FormTextField control={control} name="title" label={label('title')} required disabled={disabled} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="eventCategoryIds"
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                options={options.map((category) => category.id)}
                getOptionLabel={(id) => options.find((category) => category.id === id)?.title ?? ''}
                value={field.value}
                onChange={(_event, next) => field.onChange(next)}
                onBlur={field.onBlur}
                loading={categories.isPending}
                disabled={disabled}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={field.name}
                    inputRef={field.ref}
                    label={label('eventCategories')}
                    required
                    error={Boolean(fieldState.error)}
                    helperText={translateFieldError(t, fieldState.error?.message, label('eventCategories'))}
                  />
                )}
              />
            )}
          />
        </Grid>
      </Grid>
    </EventFormSection>
  );
}
