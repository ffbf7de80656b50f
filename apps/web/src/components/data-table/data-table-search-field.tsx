import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDebouncedText } from './use-debounced-text';

interface DataTableSearchFieldProps {
  /** The committed search text (what the list is filtered by). */
  value: string;
  /** Called 500 ms after the typing stops, and at once when the text is cleared. */
  onChange: (value: string) => void;
  label?: string;
  debounceMs?: number;
  sx?: TextFieldProps['sx'];
}

/**
 * A list's search box: typing commits after a pause, Esc clears it (spec 01 §2), and so does
 * the clear button inside it.
 */
export function DataTableSearchField({ value, onChange, label, debounceMs, sx }: DataTableSearchFieldProps) {
  const { t } = useTranslation();
  const { text, change } = useDebouncedText(value, onChange, debounceMs);
  return (
    <TextField
      type="search"
      size="small"
      label={label ?? t('dataTable.search')}
      value={text}
      onChange={(event) => change(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text !== '') {
          event.preventDefault();
          event.stopPropagation();
          change('');
        }
      }}
      sx={[{ '& input::-webkit-search-cancel-button': { display: 'none' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('dataTable.clearSearchText')}
                onClick={() => change('')}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}
