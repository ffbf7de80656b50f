import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
// Types only: the component itself is imported on first use, below.
import type { ClubMultiSelect, ClubMultiSelectProps } from './club-multi-select';

type Picker = typeof ClubMultiSelect;

let loading: Promise<Picker> | undefined;
const loadPicker = () =>
  (loading ??= import('./club-multi-select').then(
    (module) => module.ClubMultiSelect,
    (error: unknown) => {
      loading = undefined; // the next use tries again
      throw error;
    },
  ));

/** Keys that open the Autocomplete's list (arrows, typing); the placeholder passes that on. */
const opensList = (key: string) => key === 'ArrowDown' || key === 'ArrowUp' || key.length === 1;

/**
 * The club multi-select with its Autocomplete, TextField and Popper (about 35 KB gzip) loaded on
 * first use: pointer over it, press or focus (issue 8, the signed-in shell's budget). Until then
 * an outlined field of the same size, label, role and helper text stands in; a press, an arrow
 * key or typing on it opens the real field's list once it is there, and focus moves over to it.
 * With clubs chosen the real field comes at once (the placeholder shows no chips).
 */
export function DeferredClubMultiSelect(props: ClubMultiSelectProps) {
  const [loaded, setLoaded] = useState<{ Picker: Picker; hasFocus: boolean; isOpen: boolean } | null>(null);
  const [isWanted, setIsWanted] = useState(false);
  const isNeeded = isWanted || props.value.length > 0;
  const inputRef = useRef<HTMLInputElement>(null);
  const isOpenWanted = useRef(false);

  useEffect(() => {
    if (!isNeeded) return;
    let isCurrent = true;
    loadPicker().then(
      (Picker) => {
        if (!isCurrent) return;
        // Read at the swap: the user may have moved on while the code loaded.
        const hasFocus = document.activeElement === inputRef.current;
        setLoaded({ Picker, hasFocus, isOpen: hasFocus && isOpenWanted.current });
      },
      // Offline, say: the placeholder stays, and the next use tries again.
      () => setIsWanted(false),
    );
    return () => {
      isCurrent = false;
    };
  }, [isNeeded]);

  if (loaded) {
    const { Picker, hasFocus, isOpen } = loaded;
    return <Picker {...props} autoFocus={hasFocus} isOpenOnMount={isOpen} />;
  }
  const want = () => setIsWanted(true);
  const wantOpen = () => {
    isOpenWanted.current = true;
    want();
  };
  return (
    <PickerPlaceholder
      {...props}
      inputRef={inputRef}
      onPointerEnter={want}
      onFocus={want}
      onPress={wantOpen}
      onBlur={() => (isOpenWanted.current = false)}
      onKeyDown={(event) => {
        if (opensList(event.key)) wantOpen();
      }}
    />
  );
}

interface PlaceholderProps extends ClubMultiSelectProps {
  inputRef: Ref<HTMLInputElement>;
  onPointerEnter: () => void;
  onFocus: () => void;
  onPress: () => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/** The Autocomplete's closed, empty look: outlined field, drop-down arrow, helper text. */
function PickerPlaceholder(props: PlaceholderProps) {
  const { label, helperText, disabled, id, inputRef, onPointerEnter, onFocus, onPress, onBlur, onKeyDown } = props;
  const ownId = useId();
  const inputId = id ?? ownId;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl
      fullWidth
      color="secondary"
      disabled={disabled}
      onPointerEnter={onPointerEnter}
      onPointerDown={onPress}
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        inputRef={inputRef}
        // Typing waits for the real field (a few milliseconds); nothing shows here meanwhile.
        value=""
        onChange={() => undefined}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        inputProps={{
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
          autoComplete: 'off',
          'aria-describedby': helperText ? helperId : undefined,
        }}
        // Where the Autocomplete's popup button draws its arrow.
        endAdornment={
          <Box
            component="span"
            aria-hidden
            sx={{ position: 'absolute', right: 9, top: 'calc(50% - 12px)', display: 'flex', color: 'action.active' }}
          >
            <ArrowDropDownIcon />
          </Box>
        }
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
