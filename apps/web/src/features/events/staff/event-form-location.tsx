import { homeCountryCode } from '@bpw/domain/postal-address';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EventFormOutput, EventFormValues } from './event-form-schema';
import { EventFormSection } from './event-form-section';
import { FormTextField } from '../../../components/form-text-field';
import { countryOptions } from '../../../lib/countries';
import { translateFieldError } from '../../../lib/validation';

/** Location and address; location, street, zip and city are required (spec 02 §5). */
export function EventFormLocation({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<EventFormValues, unknown, EventFormOutput>();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const countryNames = useMemo(() => new Map(countries.map((item) => [item.code, item.name])), [countries]);
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  const text = (name: keyof EventFormValues, size: number, required = false) => (
    <Grid size={{ xs: 12, md: size }}>
      <FormTextField control={control} name={name} label={label(name)} required={required} disabled={disabled} />
    </Grid>
  );
  return (
    <EventFormSection title={t('eventsStaff.form.sections.location')}>
      <Grid container spacing={2}>
        {text('location', 12, true)}
        {text('address1', 6)}
        {text('address2', 6)}
        {text('street', 12, true)}
        {text('zip', 4, true)}
        {text('city', 8, true)}
        {text('county', 6)}
        {text('state', 6)}
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="countryCode"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={countries.map((item) => item.code)}
                getOptionLabel={(code) => countryNames.get(code) ?? code}
                value={field.value || null}
                onChange={(_event, next) => field.onChange(next ?? homeCountryCode)}
                onBlur={field.onBlur}
                disabled={disabled}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={field.name}
                    inputRef={field.ref}
                    label={label('countryCode')}
                    error={Boolean(fieldState.error)}
                    helperText={translateFieldError(t, fieldState.error?.message, label('countryCode'))}
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
