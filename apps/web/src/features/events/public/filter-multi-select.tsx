import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { FilterOption } from '../shared/api/get-public-event-options';

/** Spec 02 §9: the public club and category filters collapse to a count from 2 selected items. */
export const PUBLIC_FILTER_COLLAPSE_FROM = 2;

interface FilterMultiSelectProps {
  label: string;
  options: readonly FilterOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** "2 ausgewählt". */
  selectedText: (count: number) => string;
  isLoading?: boolean;
}

/** A searchable multi-select with check boxes; from two chosen items it shows their count. */
export function FilterMultiSelect({
  label,
  options,
  value,
  onChange,
  selectedText,
  isLoading,
}: FilterMultiSelectProps) {
  const selected = useMemo(() => options.filter((option) => value.includes(option.id)), [options, value]);
  return (
    <Autocomplete
      multiple
      size="small"
      options={options as FilterOption[]}
      value={selected}
      onChange={(_event, chosen) => onChange(chosen.map((option) => option.id))}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      disableCloseOnSelect
      loading={isLoading}
      renderOption={({ key, ...props }, option, { selected: isSelected }) => (
        <li key={key} {...props}>
          <Checkbox
            icon={<CheckBoxOutlineBlankIcon fontSize="small" />}
            checkedIcon={<CheckBoxIcon fontSize="small" />}
            sx={{ mr: 1, p: 0 }}
            checked={isSelected}
            tabIndex={-1}
            disableRipple
            slotProps={{ input: { 'aria-hidden': true } }}
          />
          {option.name}
        </li>
      )}
      renderValue={(chosen, getItemProps) =>
        chosen.length >= PUBLIC_FILTER_COLLAPSE_FROM ? (
          <Typography component="span" variant="body2" sx={{ px: 1 }}>
            {selectedText(chosen.length)}
          </Typography>
        ) : (
          chosen.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} {...itemProps} size="small" label={option.name} />;
          })
        )
      }
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
