import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PersonListItem } from '@bpw/domain/schemas/person';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonSearch } from './api/search-persons';

export type PickedPerson = Pick<PersonListItem, 'id' | 'firstname' | 'lastname' | 'primaryClub'>;

const fullName = (person: PickedPerson) => [person.firstname, person.lastname].filter(Boolean).join(' ');

interface PersonPickerProps {
  value: PickedPerson | null;
  onChange: (person: PickedPerson | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string | undefined;
  disabled?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** Finds a person by name (GET person?Name=…), from two letters on, 300 ms after typing stops. */
export function PersonPicker({ value, onChange, onBlur, label, error, disabled, inputRef }: PersonPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching } = usePersonSearch(search);
  const options = search.length >= 2 ? (data?.items ?? []) : [];

  return (
    <Autocomplete<PickedPerson>
      options={options}
      value={value}
      onChange={(_event, person) => onChange(person)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      getOptionLabel={fullName}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server filters; every answer is a match.
      filterOptions={(list) => list}
      loading={isFetching}
      disabled={disabled}
      noOptionsText={search.length >= 2 ? t('clubs.assignment.noPersons') : t('clubs.assignment.typeToSearch')}
      renderOption={({ key, ...props }, person) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{fullName(person)}</span>
          {person.primaryClub ? (
            <Typography variant="caption" color="text.secondary">
              {person.primaryClub.name}
            </Typography>
          ) : null}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          onBlur={onBlur}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
