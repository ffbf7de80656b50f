import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CustomFieldType } from '@bpw/domain/enums/custom-field';
import type { EventCustomField } from '@bpw/domain/schemas/event-custom-field';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RegistrationEditOutput, RegistrationEditValues } from './registration-edit-schema';
import { DateInput } from '../../../components/date-input';
import { translateFieldError } from '../../../lib/validation';

interface RegistrationValueInputProps {
  field: EventCustomField;
  control: Control<RegistrationEditValues, unknown, RegistrationEditOutput>;
  disabled?: boolean;
}

/**
 * One custom field in the staff's registration form, its input by type. Never required (soft
 * validation, spec 02 §5): a yes/no or option field offers "no answer" as well.
 */
export function RegistrationValueInput({ field, control, disabled = false }: RegistrationValueInputProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={`customValues.${field.id}`}
      render={({ field: input, fieldState }) => {
        const errorText = translateFieldError(t, fieldState.error?.message, field.title);
        const value = typeof input.value === 'string' ? input.value : '';
        const common = {
          label: field.title,
          name: input.name,
          onBlur: input.onBlur,
          inputRef: input.ref,
          error: Boolean(errorText),
          helperText: errorText,
          disabled,
          fullWidth: true,
        };
        if (field.eventCustomFieldType === CustomFieldType.date) {
          return (
            <DateInput
              label={field.title}
              value={value || null}
              onChange={(next) => input.onChange(next ?? '')}
              onBlur={input.onBlur}
              errorText={errorText}
              inputRef={input.ref}
              disabled={disabled}
              fullWidth
            />
          );
        }
        const choices =
          field.eventCustomFieldType === CustomFieldType.boolean
            ? [
                { value: 'true', label: t('eventRegistrationsStaff.yes') },
                { value: 'false', label: t('eventRegistrationsStaff.no') },
              ]
            : field.eventCustomFieldType === CustomFieldType.option
              ? field.eventCustomFieldOptions.map((option) => ({ value: option.value, label: option.value }))
              : null;
        if (choices) {
          return (
            <TextField {...common} select value={value} onChange={(event) => input.onChange(event.target.value)}>
              <MenuItem value="">
                <em>{t('eventRegistrationsStaff.edit.noAnswer')}</em>
              </MenuItem>
              {choices.map((choice) => (
                <MenuItem key={choice.value} value={choice.value}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        return (
          <TextField
            {...common}
            value={value}
            onChange={(event) => input.onChange(event.target.value)}
            type={field.eventCustomFieldType === CustomFieldType.email ? 'email' : 'text'}
            slotProps={{
              htmlInput: field.eventCustomFieldType === CustomFieldType.number ? { inputMode: 'decimal' } : undefined,
            }}
          />
        );
      }}
    />
  );
}
