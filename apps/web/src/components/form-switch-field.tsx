import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface FormSwitchFieldProps<T extends FieldValues, TOut = T> {
  /** Any form over T, also one whose resolver outputs another type (`useForm<In, unknown, Out>`). */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
}

/** A boolean field of react-hook-form as a labelled switch. */
export function FormSwitchField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  disabled,
}: FormSwitchFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={Boolean(disabled)}
          control={
            <Switch
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
