import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Event } from '@bpw/domain/schemas/event';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventSearch } from './api/search-events';
import { EventStateChip } from '../shared/event-state-chip';
import { formatDate } from '../shared/format-event-date';
import { searchDebounceMs } from '../../../components/data-table/use-debounced-text';
import { useAuth } from '../../../lib/auth-store';

export type EventOption = Pick<Event, 'id' | 'title' | 'eventFrom' | 'eventState' | 'responsibleClub'>;

/** Spec 02 §9: a multi-select collapses to a count from 3 items. */
const COLLAPSE_FROM = 3;

interface EventAutocompleteProps {
  label: string;
  /** One event, or several with `multiple`. */
  value: EventOption | EventOption[] | null;
  onChange: (value: EventOption | EventOption[] | null) => void;
  multiple?: boolean;
  /** Events not to offer (e.g. the event itself). */
  excludeIds?: readonly string[];
  required?: boolean;
  disabled?: boolean;
  errorText?: string | undefined;
  onBlur?: () => void;
  autoFocus?: boolean;
}

/**
 * Spec 02 §2 "Copy custom fields dialog": events found by title or responsible club name (the
 * server's `Title`, case-insensitive, 500 ms after typing stops), each with its club, start date
 * and state chip; the signed-in list when signed in, else the public one.
 */
export function EventAutocomplete(props: EventAutocompleteProps) {
  const { label, value, onChange, multiple = false, excludeIds = [], required, disabled, errorText } = props;
  const { t, i18n } = useTranslation();
  const isSignedIn = useAuth() !== null;
  // What the box shows, and what was typed: choosing an event shows its title, which is no search.
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useEventSearch(search, isSignedIn);
  const options = useMemo<EventOption[]>(
    () => (found.data?.items ?? []).filter((event) => !excludeIds.includes(event.id)),
    [found.data, excludeIds],
  );
  const renderChosen = (
    chosen: EventOption | EventOption[] | null,
    getItemProps: (args: { index: number }) => object,
  ) => {
    const events = Array.isArray(chosen) ? chosen : [];
    if (events.length >= COLLAPSE_FROM) {
      return (
        <Typography component="span" variant="body2" sx={{ px: 1 }}>
          {t('eventCustomFieldsStaff.autocomplete.selected', { count: events.length })}
        </Typography>
      );
    }
    return events.map((event, index) => {
      // The multiple mode's item props carry a key, which React wants passed on its own.
      const { key, ...itemProps } = getItemProps({ index }) as { key?: number };
      return <Chip key={key ?? event.id} {...itemProps} size="small" label={event.title} />;
    });
  };
  const subtitle = (event: EventOption) =>
    `${event.responsibleClub.name} · ${formatDate(event.eventFrom, i18n.language)}`;

  return (
    <Autocomplete
      // One event or a list, as `multiple` says; MUI's types take the two cases apart, not both.
      multiple={multiple as false}
      options={options}
      value={value as EventOption | null}
      onChange={(_event, next: EventOption | EventOption[] | null) => onChange(next)}
      onBlur={props.onBlur}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        setInput(text);
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      // The server filters; the list shows what it answered.
      filterOptions={(all) => all}
      getOptionLabel={(event) => event.title}
      isOptionEqualToValue={(option: EventOption, chosen: EventOption) => option.id === chosen.id}
      loading={found.isFetching}
      loadingText={t('eventCustomFieldsStaff.autocomplete.loading')}
      noOptionsText={t('eventCustomFieldsStaff.autocomplete.noOptions')}
      disabled={disabled}
      disableCloseOnSelect={multiple}
      renderOption={({ key, ...optionProps }, event) => (
        <Box component="li" key={key} {...optionProps} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {event.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {subtitle(event)}
            </Typography>
          </Box>
          <EventStateChip state={event.eventState} />
        </Box>
      )}
      {...(multiple ? { renderValue: renderChosen } : {})}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(errorText)}
          helperText={errorText ?? t('eventCustomFieldsStaff.autocomplete.hint')}
          autoFocus={props.autoFocus}
        />
      )}
    />
  );
}
