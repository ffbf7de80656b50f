import type { CustomFieldDefinition } from '@bpw/domain/custom-field-values';
import { CustomFieldType } from '@bpw/domain/enums/custom-field';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../lib/validation';
import { DateInput } from '../date-input';

interface CustomFieldInputProps<T extends FieldValues, TOut> {
  field: Pick<CustomFieldDefinition, 'id' | 'eventCustomFieldType' | 'title'> & {
    eventCustomFieldOptions: readonly { id: string; value: string }[];
  };
  isRequired: boolean;
  control: Control<T, unknown, TOut>;
  /** Where the value (text, '' for none) lives in the form. */
  name: Path<T>;
}

/**
 * One custom field, its input by type: an event's registration fields (spec 02 §5) and a club's
 * application questions (issue 25) alike.
 */
export function CustomFieldInput<T extends FieldValues, TOut = T>({
  field,
  isRequired,
  control,
  name,
}: CustomFieldInputProps<T, TOut>) {
  const { t } = useTranslation();
  const groupId = useId();
  return (
    <Controller
      control={control}
      name={name}
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
                  <FormControlLabel value="true" control={<Radio />} label={t('customFieldInput.yes')} />
                  <FormControlLabel value="false" control={<Radio />} label={t('customFieldInput.no')} />
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
                    <em>{t('customFieldInput.noChoice')}</em>
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
