import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The field's message when its text is not an amount (or is missing while required). */
  error?: string | undefined;
  helperText?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
};

/** An amount in CHF, typed as text (1'234.50 or 1234,50); the form reads it with parseMoney. */
export function MoneyField({
  label,
  value,
  onChange,
  error,
  helperText,
  isRequired = false,
  isDisabled,
  autoFocus,
}: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={isRequired}
      disabled={isDisabled}
      autoFocus={autoFocus}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">CHF</InputAdornment> },
        htmlInput: { inputMode: 'decimal', maxLength: 16, 'aria-description': t('invoices.money.hint') },
      }}
    />
  );
}
