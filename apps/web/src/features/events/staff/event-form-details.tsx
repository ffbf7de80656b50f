import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import { languageCodeEnum } from '@bpw/domain/enums/language';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EventFormOutput, EventFormValues } from './event-form-schema';
import { EventFormSection } from './event-form-section';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';

/** Language, cost and the public registration list checkbox (spec 02 §2). */
export function EventFormDetails({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues, unknown, EventFormOutput>();
  const label = (name: string) => t(`eventsStaff.fields.${name}`);
  return (
    <EventFormSection title={t('eventsStaff.form.sections.details')}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormSelectField
            control={control}
            name="defaultLanguageCode"
            label={label('defaultLanguageCode')}
            options={languageCodeEnum.values.map((value) => ({ value, label: t(languageCodeEnum.labelKey(value)) }))}
            required
            disabled={disabled}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <FormTextField control={control} name="cost" label={label('cost')} disabled={disabled} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="isRegistrationListPublic"
            render={({ field }) => (
              <FormControlLabel
                label={label('isRegistrationListPublic')}
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
      </Grid>
    </EventFormSection>
  );
}
