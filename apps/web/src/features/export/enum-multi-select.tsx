import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface EnumMultiSelectProps<V extends string | number> {
  label: string;
  values: readonly V[];
  value: readonly V[];
  onChange: (next: V[]) => void;
  labelOf: (value: V) => string;
  disabled?: boolean;
  helperText?: string;
}

/** A multi-select over an enum's values; the chosen labels are listed in the field. */
export function EnumMultiSelect<V extends string | number>({
  label,
  values,
  value,
  onChange,
  labelOf,
  disabled,
  helperText,
}: EnumMultiSelectProps<V>) {
  const isNumeric = typeof values[0] === 'number';
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={[...value]}
      disabled={disabled}
      helperText={helperText}
      onChange={(event) => {
        const raw = event.target.value as unknown as (string | number)[] | string;
        const list = typeof raw === 'string' ? raw.split(',') : raw;
        onChange(list.map((item) => (isNumeric ? Number(item) : item)) as V[]);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as V[]).map(labelOf).join(', '),
        },
      }}
    >
      {values.map((item) => (
        <MenuItem key={String(item)} value={item}>
          <Checkbox checked={value.includes(item)} size="small" sx={{ p: 0, mr: 1 }} tabIndex={-1} disableRipple />
          <ListItemText primary={labelOf(item)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
