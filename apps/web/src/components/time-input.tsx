import {
  combineDateTime,
  formatTimeInput,
  parseTimeInput,
  splitDateTime,
  timeOfDayOf,
  timeOptions,
  type TimeInputError,
} from '@bpw/domain/time-input';
import { isOtherClock } from '@bpw/domain/event-time';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from './date-input';

/** Spec 01 §9: the time select offers a choice every 5 minutes. */
const options = timeOptions(5);

/**
 * A date (`YYYY-MM-DD`) and a time (`HH:mm:ss`) on the wall clock of `timeZone` (default: the
 * browser's) as the API wants a date-time: UTC ISO without milliseconds (spec 01 §2 "Output").
 * Null while one part is missing.
 */
export function toUtcDateTime(
  date: string | null | undefined,
  time: string | null | undefined,
  timeZone?: string,
): string | null {
  return date && time ? combineDateTime(date, time, timeZone) : null;
}

/** A UTC date-time from the API as the date and time parts of the inputs (on the clock of `timeZone`). */
export function fromUtcDateTime(
  value: string | null | undefined,
  timeZone?: string,
): { date: string | null; time: string | null } {
  const parts = value ? splitDateTime(value, timeZone) : null;
  return { date: parts?.date ?? null, time: parts?.time ?? null };
}

/** The zone of the browser, read once. */
const browserTimeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
})();

export interface TimeInputProps {
  label: string;
  /** The date the time belongs to; the box is disabled until it is set (spec 01 §2). */
  date: string | null | undefined;
  /** `HH:mm:ss` or null. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** Inclusive bounds as `HH:mm` or `HH:mm:ss`; a time outside them becomes empty. */
  min?: string | null | undefined;
  max?: string | null | undefined;
  disabled?: boolean;
  required?: boolean;
  errorText?: string | undefined;
  /** Shown below the box while there is no error. */
  hint?: string | undefined;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** The zone whose "now" the +n/-n shortcuts count from (default: the browser's). */
  timeZone?: string | undefined;
}

/**
 * A 24-hour time typed with : or ., as hhmm or hhmmss, or as +n/-n with h, m or s from now, or
 * chosen from a 5-minute list (spec 01 §2 "Date and time inputs"; docs/decisions/date-time-input.md).
 */
export function TimeInput({
  label,
  date,
  value,
  onChange,
  min,
  max,
  disabled,
  required,
  errorText,
  hint,
  size,
  fullWidth = true,
  timeZone,
}: TimeInputProps) {
  const { t } = useTranslation();
  const normalized = value ?? null;
  const [text, setText] = useState(() => formatTimeInput(normalized));
  const [syncedValue, setSyncedValue] = useState(normalized);
  const [error, setError] = useState<TimeInputError | null>(null);
  const isDisabled = Boolean(disabled) || !date;

  if (normalized !== syncedValue) {
    setSyncedValue(normalized);
    setText(formatTimeInput(normalized));
    setError(null);
  }

  const commit = (input: string) => {
    const result = parseTimeInput(input, { now: timeOfDayOf(new Date(), timeZone), min, max });
    setError(result.error);
    // Spec 01 §2: a time outside min and max becomes empty.
    setText(result.value ? formatTimeInput(result.value) : result.error === 'outOfRange' ? '' : input);
    setSyncedValue(result.value);
    if (result.value !== normalized) onChange(result.value);
  };

  const messages: Record<TimeInputError, string> = {
    invalid: t('dateInput.timeInvalid'),
    outOfRange: t('dateInput.timeOutOfRange', {
      min: formatTimeInput(min) || '00:00',
      max: formatTimeInput(max) || '23:59',
    }),
  };
  const shownError = (error ? messages[error] : undefined) ?? errorText;

  return (
    <Autocomplete
      freeSolo
      options={options}
      disabled={isDisabled}
      value={formatTimeInput(normalized) || null}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input' || reason === 'clear') setText(next);
        if (reason === 'clear') commit('');
      }}
      onChange={(_event, next, reason) => {
        if (reason === 'selectOption' || reason === 'createOption') commit(next ?? '');
      }}
      fullWidth={fullWidth}
      size={size}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(shownError)}
          helperText={shownError ?? hint}
          onBlur={() => commit(text)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, placeholder: t('dateInput.timePlaceholder') },
          }}
        />
      )}
    />
  );
}

export interface DateTimeInputProps {
  dateLabel: string;
  timeLabel: string;
  /** UTC ISO date-time without milliseconds, or null while the date or the time is missing. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  minDate?: string | null;
  maxDate?: string | null;
  disabled?: boolean;
  required?: boolean;
  errorText?: string | undefined;
  /**
   * The wall clock the date and time are read on (issue 27: events are entered in Swiss time,
   * `eventTimeZone`); default the browser's. A browser in another zone is told so below the time.
   */
  timeZone?: string | undefined;
}

/** A date and a time side by side, with one value: the UTC ISO string of both. */
export function DateTimeInput({
  dateLabel,
  timeLabel,
  value,
  onChange,
  minDate,
  maxDate,
  disabled,
  required,
  errorText,
  timeZone,
}: DateTimeInputProps) {
  const { t } = useTranslation();
  const normalized = value ?? null;
  const [parts, setParts] = useState(() => fromUtcDateTime(normalized, timeZone));
  const [syncedValue, setSyncedValue] = useState(normalized);

  if (normalized !== syncedValue) {
    setSyncedValue(normalized);
    if (toUtcDateTime(parts.date, parts.time, timeZone) !== normalized) setParts(fromUtcDateTime(normalized, timeZone));
  }

  // Named only for a browser whose clock reads otherwise now (a manager abroad).
  const zoneHint =
    timeZone && isOtherClock(new Date(), browserTimeZone, timeZone)
      ? t('dateInput.timeZoneHint', { zone: timeZone })
      : undefined;

  const update = (next: { date: string | null; time: string | null }) => {
    setParts(next);
    const combined = toUtcDateTime(next.date, next.time, timeZone);
    setSyncedValue(combined);
    if (combined !== normalized) onChange(combined);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <DateInput
        label={dateLabel}
        value={parts.date}
        onChange={(date) => update({ ...parts, date })}
        min={minDate}
        max={maxDate}
        disabled={disabled}
        required={required}
        errorText={errorText}
        fullWidth
      />
      <TimeInput
        label={timeLabel}
        date={parts.date}
        value={parts.time}
        onChange={(time) => update({ ...parts, time })}
        disabled={disabled}
        required={required}
        timeZone={timeZone}
        hint={zoneHint}
      />
    </Stack>
  );
}
