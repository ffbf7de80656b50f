import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../lib/validation';

type FormTextFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextFieldProps,
  'name' | 'error' | 'value' | 'onChange'
> & {
  /** Any form over T, also one whose resolver outputs another type (`useForm<In, unknown, Out>`). */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
};

/** A TextField bound to react-hook-form; the error message names the field (spec 01 §5). */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={translateFieldError(t, fieldState.error?.message, label) ?? helperText}
          fullWidth
        />
      )}
    />
  );
}
