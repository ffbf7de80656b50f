import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvoiceSearch } from './api/invoices-api';
import type { InvoiceListItem } from './api/invoice-types';
import { chf, stateLabel } from './invoice-format';

type Props = {
  clubId: string | null;
  value: InvoiceListItem | null;
  onChange: (invoice: InvoiceListItem | null) => void;
  error?: string | undefined;
  autoFocus?: boolean;
};

const label = (invoice: InvoiceListItem) => `${invoice.number} · ${invoice.recipientName}`;

/** Finds an invoice by number or name as she types (from two characters, 300 ms after the last key; 20 at most). */
export function InvoicePicker({ clubId, value, onChange, error, autoFocus }: Props) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching } = useInvoiceSearch(clubId, search);
  const options = search.length >= 2 ? (data?.items ?? []) : [];
  return (
    <Autocomplete<InvoiceListItem>
      options={options}
      value={value}
      onChange={(_event, invoice) => onChange(invoice)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      getOptionLabel={label}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server filters; every answer is a match.
      filterOptions={(list) => list}
      loading={isFetching}
      noOptionsText={search.length >= 2 ? t('invoices.picker.none') : t('invoices.picker.typeToSearch')}
      renderOption={({ key, ...props }, invoice) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{label(invoice)}</span>
          <Typography variant="caption" color="text.secondary">
            {t('invoices.picker.detail', {
              open: chf(invoice.openCentimes, i18n.language),
              state: stateLabel(t, invoice.state),
            })}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('invoices.picker.label')}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
