import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../lib/validation';

export interface SelectOption<V extends string | number = string | number> {
  value: V;
  label: string;
}

type FormSelectFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextFieldProps,
  'name' | 'error' | 'value' | 'onChange' | 'select' | 'children'
> & {
  /** Any form over T, also one whose resolver outputs another type (`useForm<In, unknown, Out>`). */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  options: readonly SelectOption[];
  /** Offers an empty choice that sets the field to null. */
  emptyLabel?: string;
  /** Called after the field changed, with the new value. */
  onValueChange?: (value: string | number | null) => void;
};

/**
 * A select bound to react-hook-form that keeps the options' own value types (enum numbers stay
 * numbers); the error message names the field (spec 01 §5).
 */
export function FormSelectField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  emptyLabel,
  helperText,
  onValueChange,
  ...props
}: FormSelectFieldProps<T, TOut>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          name={field.name}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(event) => {
            const option = options.find((item) => String(item.value) === event.target.value);
            const next = option ? option.value : null;
            field.onChange(next);
            onValueChange?.(next);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={translateFieldError(t, fieldState.error?.message, label) ?? helperText}
          fullWidth
        >
          {emptyLabel !== undefined ? (
            <MenuItem value="">
              <em>{emptyLabel}</em>
            </MenuItem>
          ) : null}
          {options.map((option) => (
            <MenuItem key={String(option.value)} value={String(option.value)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
