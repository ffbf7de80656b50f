import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { yearChoices } from './invoice-format';

/** The fee year of a run or a schedule. */
export function YearSelect({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (year: number) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label ?? t('invoices.fields.feeYear')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 140 }}
    >
      {yearChoices().map((year) => (
        <MenuItem key={year} value={year}>
          {year}
        </MenuItem>
      ))}
    </TextField>
  );
}
