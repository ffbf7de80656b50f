import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatIban, isQrIban, isValidIban, normalizeIban } from '@bpw/domain/invoice-reference';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvoiceSettings, useSaveInvoiceSettings } from './api/invoicing-api';
import type { InvoiceSettings, InvoiceSettingsBody } from './api/invoice-types';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

const countries = ['CH', 'LI'] as const;

type Values = {
  creditorName: string;
  street: string;
  buildingNumber: string;
  zip: string;
  city: string;
  countryCode: string;
  iban: string;
  paymentTermDays: string;
};

const valuesOf = (settings: InvoiceSettings | null): Values => ({
  creditorName: settings?.creditorName ?? '',
  street: settings?.street ?? '',
  buildingNumber: settings?.buildingNumber ?? '',
  zip: settings?.zip ?? '',
  city: settings?.city ?? '',
  countryCode: settings?.countryCode ?? 'CH',
  iban: settings ? formatIban(settings.iban) : '',
  paymentTermDays: String(settings?.paymentTermDays ?? 30),
});

/** The field messages of the form, by the domain's rules (the server checks the same). */
function checkValues(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.creditorName.trim()) errors.creditorName = 'invoices.settings.required';
  if (!values.zip.trim()) errors.zip = 'invoices.settings.required';
  if (!values.city.trim()) errors.city = 'invoices.settings.required';
  if (!isValidIban(values.iban)) errors.iban = 'invoices.settings.ibanInvalid';
  const days = Number(values.paymentTermDays);
  if (!/^\d{1,3}$/.test(values.paymentTermDays.trim()) || days > 365)
    errors.paymentTermDays = 'invoices.settings.termInvalid';
  return errors;
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/**
 * Issue 17: the creditor of a club's invoices (or the association's, `clubId` null): name and
 * structured address (QR-bill type S), IBAN or QR-IBAN, payment terms in days.
 */
export function InvoiceSettingsForm({ clubId, isReadOnly = false }: { clubId: string | null; isReadOnly?: boolean }) {
  const { t } = useTranslation();
  const settings = useInvoiceSettings(clubId);
  if (settings.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (settings.isError) return <ErrorList errors={errorMessages(settings.error, t('common.loadError'))} />;
  return (
    <SettingsFields
      key={settings.data?.updatedAt ?? 'new'}
      clubId={clubId}
      settings={settings.data}
      isReadOnly={isReadOnly}
    />
  );
}

function SettingsFields({
  clubId,
  settings,
  isReadOnly,
}: {
  clubId: string | null;
  settings: InvoiceSettings | null;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveInvoiceSettings(clubId);
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [isChecked, setIsChecked] = useState(false);
  const errors = isChecked ? checkValues(values) : {};
  const set = (name: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((previous) => ({ ...previous, [name]: event.target.value }));
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name]) : undefined,
    disabled: isReadOnly || save.isPending,
    fullWidth: true,
  });
  const ibanKind = isValidIban(values.iban)
    ? t(isQrIban(values.iban) ? 'invoices.settings.isQrIban' : 'invoices.settings.isIban')
    : t('invoices.settings.ibanHint');
  const submit = () => {
    setIsChecked(true);
    if (Object.keys(checkValues(values)).length > 0) return;
    const body: InvoiceSettingsBody = {
      creditorName: values.creditorName.trim(),
      street: orNull(values.street),
      buildingNumber: orNull(values.buildingNumber),
      zip: values.zip.trim(),
      city: values.city.trim(),
      countryCode: values.countryCode,
      iban: normalizeIban(values.iban),
      paymentTermDays: Number(values.paymentTermDays),
    };
    // The form is mounted again with the saved settings (its key), so the message follows the promise.
    save
      .mutateAsync(body)
      .then(() => enqueueSnackbar(t('invoices.settings.saved'), { variant: 'success' }))
      .catch(() => undefined);
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={t('invoices.settings.title')}
      sx={{ p: { xs: 2, sm: 3 } }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('invoices.settings.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('invoices.settings.intro')}
      </Typography>
      {settings === null ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('invoices.settings.none')}
        </Alert>
      ) : null}
      <ErrorList errors={save.isError ? errorMessages(save.error, t('common.saveError')) : []} />
      <Grid container spacing={2} sx={{ mt: 0 }}>
        <Grid size={12}>
          <TextField
            {...field('creditorName')}
            label={t('invoices.settings.creditorName')}
            required
            slotProps={{ htmlInput: { maxLength: 70 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...field('street')}
            label={t('invoices.settings.street')}
            slotProps={{ htmlInput: { maxLength: 70 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...field('buildingNumber')}
            label={t('invoices.settings.buildingNumber')}
            slotProps={{ htmlInput: { maxLength: 16 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField
            {...field('zip')}
            label={t('invoices.settings.zip')}
            required
            slotProps={{ htmlInput: { maxLength: 16 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('city')}
            label={t('invoices.settings.city')}
            required
            slotProps={{ htmlInput: { maxLength: 35 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField {...field('countryCode')} select label={t('invoices.settings.country')}>
            {countries.map((code) => (
              <MenuItem key={code} value={code}>
                {t(`invoices.settings.countries.${code}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...field('iban')}
            label={t('invoices.settings.iban')}
            required
            helperText={errors.iban ? t(errors.iban) : ibanKind}
            slotProps={{ htmlInput: { maxLength: 34, spellCheck: false, autoComplete: 'off' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...field('paymentTermDays')}
            label={t('invoices.settings.paymentTermDays')}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          />
        </Grid>
      </Grid>
      {isReadOnly ? null : (
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
          {t('invoices.settings.save')}
        </Button>
      )}
    </Paper>
  );
}
