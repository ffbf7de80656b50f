import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, countryOptions } from '../lib/countries';

interface CountryAutocompleteProps {
  label: string;
  value: string | null;
  onChange: (code: string | null) => void;
  onBlur?: () => void;
  errorText?: string | undefined;
  name?: string;
}

/** The country as a searchable, clearable choice; names in the interface language (Intl.DisplayNames). */
export function CountryAutocomplete({ label, value, onChange, onBlur, errorText, name }: CountryAutocompleteProps) {
  const { i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const selected = useMemo(
    () =>
      value
        ? (options.find((option) => option.code === value) ?? { code: value, name: countryName(value, i18n.language) })
        : null,
    [options, value, i18n.language],
  );
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.code ?? null)}
      onBlur={onBlur}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
      autoHighlight
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} error={Boolean(errorText)} helperText={errorText} />
      )}
    />
  );
}
