import { modeFor, type CustomFieldAudience } from '@bpw/domain/custom-field-values';
import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import type { EventCustomField } from '@bpw/domain/schemas/event-custom-field';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RegistrationFormOutput, RegistrationFormValues } from './registration-form-schema';
import { DateInput } from '../../../components/date-input';
import { translateFieldError } from '../../../lib/validation';

interface CustomFieldInputProps {
  field: EventCustomField;
  audience: CustomFieldAudience;
  control: Control<RegistrationFormValues, unknown, RegistrationFormOutput>;
}

/** One custom field of the registration form, its input by type, required by its audience's mode. */
export function CustomFieldInput({ field, audience, control }: CustomFieldInputProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const isRequired = modeFor(field, audience) === CustomFieldMode.required;
  return (
    <Controller
      control={control}
      name={`customValues.${field.id}`}
      render={({ field: input, fieldState }) => {
        const errorText = translateFieldError(t, fieldState.error?.message, field.title);
        const value = typeof input.value === 'string' ? input.value : '';
        switch (field.eventCustomFieldType) {
          case CustomFieldType.date:
            return (
              <DateInput
                label={field.title}
                value={value || null}
                onChange={(next) => input.onChange(next ?? '')}
                onBlur={input.onBlur}
                required={isRequired}
                errorText={errorText}
                inputRef={input.ref}
                fullWidth
              />
            );
          case CustomFieldType.boolean:
            // Yes and no as two choices, so a required question is answered on purpose.
            return (
              <FormControl error={Boolean(errorText)} required={isRequired}>
                <FormLabel id={groupId}>{field.title}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={groupId}
                  name={input.name}
                  value={value}
                  onChange={(event) => input.onChange(event.target.value)}
                  onBlur={input.onBlur}
                >
                  <FormControlLabel value="true" control={<Radio />} label={t('eventRegistrationPages.form.yes')} />
                  <FormControlLabel value="false" control={<Radio />} label={t('eventRegistrationPages.form.no')} />
                </RadioGroup>
                {errorText ? <FormHelperText>{errorText}</FormHelperText> : null}
              </FormControl>
            );
          case CustomFieldType.option:
            return (
              <TextField
                select
                label={field.title}
                name={input.name}
                value={value}
                onChange={(event) => input.onChange(event.target.value)}
                onBlur={input.onBlur}
                inputRef={input.ref}
                required={isRequired}
                error={Boolean(errorText)}
                helperText={errorText}
                fullWidth
              >
                {isRequired ? null : (
                  <MenuItem value="">
                    <em>{t('eventRegistrationPages.form.noChoice')}</em>
                  </MenuItem>
                )}
                {field.eventCustomFieldOptions.map((option) => (
                  <MenuItem key={option.id} value={option.value}>
                    {option.value}
                  </MenuItem>
                ))}
              </TextField>
            );
          default:
            return (
              <TextField
                label={field.title}
                name={input.name}
                value={value}
                onChange={(event) => input.onChange(event.target.value)}
                onBlur={input.onBlur}
                inputRef={input.ref}
                required={isRequired}
                error={Boolean(errorText)}
                helperText={errorText}
                type={field.eventCustomFieldType === CustomFieldType.email ? 'email' : 'text'}
                slotProps={{
                  htmlInput:
                    field.eventCustomFieldType === CustomFieldType.number ? { inputMode: 'decimal' } : undefined,
                }}
                fullWidth
              />
            );
        }
      }}
    />
  );
}
