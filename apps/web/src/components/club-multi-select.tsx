import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { api } from '../api/api';

export interface ClubOption {
  id: string;
  name: string;
}

/** Spec 01 §9: club selectors collapse to a count from 3 items. */
export const COLLAPSE_FROM = 3;

/** `GET club` sorted by name, all of them (PerPage 0): the options of club pickers (spec 01 §7). */
export const clubOptionsQuery = () =>
  queryOptions({
    queryKey: ['club', 'options'] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: ClubOption[]; total: number }>('/club', { SortBy: 'name', SortDesc: false, PerPage: 0 }, signal),
    select: (list) => list.items.map(({ id, name }) => ({ id, name })),
    staleTime: 5 * 60_000,
  });

/**
 * The clubs to offer, optionally only those with the given ids (a club manager's clubs). A failed
 * load shows the loading-error snackbar and leaves the options empty (spec 01 §8).
 */
export function useClubOptions({ limitTo, errorText }: { limitTo?: readonly string[] | null; errorText: string }) {
  const query = useQuery(clubOptionsQuery());
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (query.isError) enqueueSnackbar(errorText, { variant: 'error' });
  }, [query.isError, enqueueSnackbar, errorText]);
  const options = useMemo(() => {
    const all = query.isError ? [] : (query.data ?? []);
    return limitTo ? all.filter((club) => limitTo.includes(club.id)) : all;
  }, [query.data, query.isError, limitTo]);
  return { options, isLoading: query.isPending };
}

interface ClubMultiSelectProps {
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
}: ClubMultiSelectProps) {
  const selected = useMemo(() => options.filter((club) => value.includes(club.id)), [options, value]);
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
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
