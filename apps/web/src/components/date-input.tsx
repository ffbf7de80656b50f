import {
  formatDateInput,
  isoDateOf,
  orderedRange,
  parseDateInput,
  uniqueSortedDates,
  type DateInputError,
} from '@bpw/domain/date-input';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePickerLocalization } from './date-picker-localization';

type FieldProps = Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'type' | 'select' | 'children'
>;

export interface DateInputProps extends FieldProps {
  label: string;
  /** `YYYY-MM-DD` or null. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** Called when the user settles on a date: leaving the field, Enter, or a calendar choice. */
  onCommit?: (value: string | null) => void;
  /** Inclusive bounds as `YYYY-MM-DD`. */
  min?: string | null | undefined;
  max?: string | null | undefined;
  /** Show the calendar button (default true). */
  hasPicker?: boolean;
  /** An error from outside (e.g. the form's); the parser's own errors come first. */
  errorText?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

const today = () => isoDateOf(new Date());

/** The text field's message for a parser error, with the bounds in dd.mm.yyyy. */
function useDateErrorText() {
  const { t } = useTranslation();
  return (error: DateInputError | null, min?: string | null, max?: string | null) => {
    if (error === 'beforeMin') return t('dateInput.beforeMin', { min: formatDateInput(min) });
    if (error === 'afterMax') return t('dateInput.afterMax', { max: formatDateInput(max) });
    if (error === 'invalid') return t('dateInput.invalid');
    return undefined;
  };
}

/**
 * A date typed as dd.mm.yyyy (or with / or \), two-digit years, +n/-n/0 days from today and
 * ddmmyy(yy) digits (spec 01 §2 "Date and time inputs"; docs/decisions/date-time-input.md), with an optional
 * calendar. The value is `YYYY-MM-DD`; a valid text is passed on while typing, and the text is
 * tidied to dd.mm.yyyy when the field is left.
 */
export function DateInput({
  label,
  value,
  onChange,
  onBlur,
  onCommit,
  min,
  max,
  hasPicker = true,
  errorText,
  helperText,
  inputRef,
  disabled,
  slotProps,
  ...props
}: DateInputProps) {
  const { t } = useTranslation();
  const describeError = useDateErrorText();
  const normalized = value ?? null;
  const [text, setText] = useState(() => formatDateInput(normalized));
  const [syncedValue, setSyncedValue] = useState(normalized);
  const [error, setError] = useState<DateInputError | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fieldRef = useRef<HTMLDivElement>(null);

  // A value set from outside (the calendar, a form reset) replaces the text, unless the text
  // already means it (then the user is still typing it).
  if (normalized !== syncedValue) {
    setSyncedValue(normalized);
    if (parseDateInput(text, { today: today() }).value !== normalized) {
      setText(formatDateInput(normalized));
      setError(null);
    }
  }

  const parse = (input: string) => parseDateInput(input, { today: today(), min, max });

  const emit = (next: string | null) => {
    setSyncedValue(next);
    if (next !== normalized) onChange(next);
  };

  const commit = () => {
    const result = parse(text);
    setError(result.error);
    if (result.value) setText(formatDateInput(result.value));
    emit(result.value);
    onCommit?.(result.value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') commit();
  };

  const pick = (day: Dayjs | null) => {
    const picked = day ? day.format('YYYY-MM-DD') : null;
    setText(formatDateInput(picked));
    setError(null);
    emit(picked);
    onCommit?.(picked);
    setAnchor(null);
  };

  const shownError = describeError(error, min, max) ?? errorText;
  const calendarLabel = t('dateInput.openCalendar', { field: label });
  return (
    <>
      <TextField
        {...props}
        ref={fieldRef}
        label={label}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
          // Pass a valid date on at once, so a form's save button knows about it.
          emit(parse(event.target.value).value);
        }}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        error={Boolean(shownError)}
        helperText={shownError ?? helperText}
        inputRef={inputRef}
        slotProps={{
          ...slotProps,
          htmlInput: { inputMode: 'text', autoComplete: 'off', placeholder: t('dateInput.placeholder') },
          input: hasPicker
            ? {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={calendarLabel}
                      title={calendarLabel}
                      edge="end"
                      disabled={disabled}
                      onClick={() => setAnchor(fieldRef.current)}
                    >
                      <CalendarMonth />
                    </IconButton>
                  </InputAdornment>
                ),
              }
            : undefined,
        }}
      />
      {hasPicker ? (
        <Popover
          open={anchor !== null}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}
        >
          <DatePickerLocalization>
            <DateCalendar
              value={normalized ? dayjs(normalized) : null}
              onChange={pick}
              minDate={min ? dayjs(min) : undefined}
              maxDate={max ? dayjs(max) : undefined}
              autoFocus
            />
          </DatePickerLocalization>
        </Popover>
      ) : null}
    </>
  );
}

export interface DateRangeInputProps {
  fromLabel: string;
  toLabel: string;
  /** `[from, to]` as `YYYY-MM-DD` or null; kept in order. */
  value: [string | null, string | null];
  onChange: (value: [string | null, string | null]) => void;
  min?: string | null;
  max?: string | null;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/** Range mode: two dates, the earlier first (spec 01 §2 "Range mode keeps two dates"). */
export function DateRangeInput({ fromLabel, toLabel, value, onChange, min, max, disabled, size }: DateRangeInputProps) {
  const [from, to] = value;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <DateInput
        label={fromLabel}
        value={from}
        onChange={(next) => onChange(orderedRange(next, to))}
        min={min}
        max={max}
        disabled={disabled}
        size={size}
        fullWidth
      />
      <DateInput
        label={toLabel}
        value={to}
        onChange={(next) => onChange(orderedRange(from, next))}
        min={min}
        max={max}
        disabled={disabled}
        size={size}
        fullWidth
      />
    </Stack>
  );
}

export interface MultipleDateInputProps {
  label: string;
  /** Unique dates in ascending order, `YYYY-MM-DD`. */
  value: string[];
  onChange: (value: string[]) => void;
  min?: string | null;
  max?: string | null;
  disabled?: boolean;
}

/** Multiple mode: each date entered is added; the list stays unique and sorted (spec 01 §2). */
export function MultipleDateInput({ label, value, onChange, min, max, disabled }: MultipleDateInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Stack spacing={1}>
      <DateInput
        label={label}
        value={draft}
        helperText={t('dateInput.addDateHint')}
        onChange={setDraft}
        onCommit={(committed) => {
          if (!committed) return;
          onChange(uniqueSortedDates([...value, committed]));
          setDraft(null);
        }}
        min={min}
        max={max}
        disabled={disabled}
        fullWidth
      />
      {value.length > 0 ? (
        <Box component="ul" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}>
          {value.map((date) => (
            <Box component="li" key={date} sx={{ listStyle: 'none' }}>
              <Chip
                label={formatDateInput(date)}
                disabled={disabled}
                title={t('dateInput.removeDate', { date: formatDateInput(date) })}
                onDelete={() => onChange(value.filter((item) => item !== date))}
              />
            </Box>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}
