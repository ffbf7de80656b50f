import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoachSearch } from './api/search-coaches';
import { personDisplayName } from '../../lib/current-person';

export interface CoachOption {
  id: string;
  name: string;
}

interface CoachPickerProps {
  label: string;
  value: CoachOption | null;
  onChange: (value: CoachOption | null) => void;
  /** The person herself is no choice. */
  excludeId: string;
  disabled?: boolean;
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A guarantor (coach) picked from GET person with a Name search (spec 01 §7, the person picker). */
export function CoachPicker({ label, value, onChange, excludeId, disabled }: CoachPickerProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text, 300);
  const query = useCoachSearch(search, isOpen);
  const options: CoachOption[] = (query.data ?? [])
    .filter((person) => person.id !== excludeId)
    .map((person) => ({
      id: person.id,
      name: [personDisplayName(person), person.primaryClub ? `(${person.primaryClub.name})` : '']
        .filter(Boolean)
        .join(' '),
    }));
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      filterOptions={(items) => items}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={query.isFetching}
      loadingText={t('app.loading')}
      noOptionsText={t('personDetail.profile.noCoaches')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
