import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { ClubOption } from './club-options';

/** Spec 01 §9: club selectors collapse to a count from 3 items. */
export const COLLAPSE_FROM = 3;

export interface ClubMultiSelectProps {
  label: string;
  options: readonly ClubOption[];
  value: readonly string[];
  onChange: (clubIds: string[]) => void;
  /** The collapsed text, e.g. "3 ausgewählt". */
  selectedText: (count: number) => string;
  isLoading?: boolean;
  disabled?: boolean;
  helperText?: string;
  id?: string;
  /** Focus the field when it mounts: it replaces a focused placeholder (deferred-club-multi-select). */
  autoFocus?: boolean;
  /** Open the list when it mounts focused: the user pressed the placeholder to open it. */
  isOpenOnMount?: boolean;
}

/** A searchable multi-select of clubs; from 3 chosen clubs it shows only their count. */
export function ClubMultiSelect({
  label,
  options,
  value,
  onChange,
  selectedText,
  isLoading = false,
  disabled = false,
  helperText,
  id,
  autoFocus = false,
  isOpenOnMount = false,
}: ClubMultiSelectProps) {
  const selected = useMemo(() => options.filter((club) => value.includes(club.id)), [options, value]);
  // Opening on focus only until the list first closes; afterwards the Autocomplete's own rules.
  const [isOpenOnFocus, setIsOpenOnFocus] = useState(isOpenOnMount);
  return (
    <Autocomplete
      multiple
      id={id}
      options={options as ClubOption[]}
      value={selected}
      onChange={(_event, clubs) => onChange(clubs.map((club) => club.id))}
      getOptionLabel={(club) => club.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      disableCloseOnSelect
      openOnFocus={isOpenOnFocus}
      onClose={() => setIsOpenOnFocus(false)}
      loading={isLoading}
      disabled={disabled}
      renderOption={({ key, ...props }, club, { selected: isSelected }) => (
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
          {club.name}
        </li>
      )}
      renderValue={(clubs, getItemProps) =>
        clubs.length >= COLLAPSE_FROM ? (
          <Typography component="span" variant="body2" sx={{ px: 1 }} data-testid="club-select-count">
            {selectedText(clubs.length)}
          </Typography>
        ) : (
          clubs.map((club, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} {...itemProps} size="small" label={club.name} />;
          })
        )
      }
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} autoFocus={autoFocus} />}
    />
  );
}
