import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventCustomFieldUpdateBody } from '@bpw/domain/schemas/event-custom-field';
import { useId } from 'react';
import { useFieldArray, useFormState, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CustomFieldFormValues } from './custom-field-form-values';
import { FormTextField } from '../../../components/form-text-field';
import { translateFieldError } from '../../../lib/validation';

interface CustomFieldOptionsEditorProps {
  control: Control<CustomFieldFormValues, unknown, EventCustomFieldUpdateBody>;
  disabled: boolean;
}

/** The options of an Option field (spec 02 §5): at least one, each with a value. */
export function CustomFieldOptionsEditor({ control, disabled }: CustomFieldOptionsEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  // keyName: the options' own `id` (kept on rename) must not be replaced by the array's keys.
  const { fields, append, remove } = useFieldArray({ control, name: 'eventCustomFieldOptions', keyName: 'key' });
  const { errors } = useFormState({ control, name: 'eventCustomFieldOptions' });
  const label = t('eventCustomFieldsStaff.fields.options');
  const listError = translateFieldError(
    t,
    errors.eventCustomFieldOptions?.root?.message ?? errors.eventCustomFieldOptions?.message,
    label,
  );
  return (
    <Stack spacing={1.5} role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {label}
      </Typography>
      {fields.map((option, index) => (
        <Stack key={option.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`eventCustomFieldOptions.${index}.value`}
            label={t('eventCustomFieldsStaff.fields.option', { number: index + 1 })}
            required
            disabled={disabled}
            autoFocus={index === fields.length - 1 && !option.value}
          />
          <IconButton
            aria-label={t('eventCustomFieldsStaff.form.removeOption', { number: index + 1 })}
            onClick={() => remove(index)}
            disabled={disabled}
            sx={{ mt: 1 }}
          >
            <Delete />
          </IconButton>
        </Stack>
      ))}
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Button
        startIcon={<Add />}
        onClick={() => append({ id: null, value: '' })}
        disabled={disabled}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('eventCustomFieldsStaff.form.addOption')}
      </Button>
    </Stack>
  );
}
