import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDebouncedText } from '../../components/data-table/use-debounced-text';

/** Spec 01 §9: selectors collapse to a count from 3 items. */
const COLLAPSE_FROM = 3;

interface FilterTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A text filter; changes apply 500 ms after the typing stops (spec 01 §7). */
export function FilterTextField({ label, value, onChange }: FilterTextFieldProps) {
  const { text, change } = useDebouncedText(value, onChange);
  return <TextField fullWidth label={label} value={text} onChange={(event) => change(event.target.value)} />;
}

interface EnumMultiSelectProps<V extends number> {
  label: string;
  values: readonly V[];
  labelKey: (value: V) => string;
  value: readonly V[];
  onChange: (value: V[]) => void;
}

/** Picks any of an enum's values; labels come from the enum's i18n keys. */
export function EnumMultiSelect<V extends number>({
  label,
  values,
  labelKey,
  value,
  onChange,
}: EnumMultiSelectProps<V>) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(event) => {
        const next = event.target.value as unknown as number[] | string;
        const chosen = typeof next === 'string' ? next.split(',').map(Number) : next;
        // In the order chosen, as the enum's own values (anything else is dropped).
        onChange(chosen.flatMap((item) => values.filter((known) => known === item)));
      }}
      slotProps={{
        select: {
          multiple: true,
          // The chosen values are `value` (the select is controlled).
          renderValue: () =>
            value.length >= COLLAPSE_FROM
              ? t('personList.selectedCount', { count: value.length })
              : value.map((item) => t(labelKey(item))).join(', '),
        },
      }}
    >
      {values.map((item) => (
        <MenuItem key={item} value={item} dense>
          <Checkbox
            checked={value.includes(item)}
            size="small"
            sx={{ p: 0, mr: 1 }}
            tabIndex={-1}
            disableRipple
            slotProps={{ input: { 'aria-hidden': true } }}
          />
          <ListItemText primary={t(labelKey(item))} />
        </MenuItem>
      ))}
    </TextField>
  );
}
