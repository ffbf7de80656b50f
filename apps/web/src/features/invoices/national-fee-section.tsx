import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNationalFees, useSaveNationalFee } from './api/invoicing-api';
import type { NationalFee } from './api/invoice-types';
import { chf } from './invoice-format';
import { MoneyField } from './money-field';
import { moneyInputText, parseMoney } from './money';
import { YearSelect } from './year-select';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

/** Issue 17: the association's national fee per year and person, levied through the clubs (admins). */
export function NationalFeeSection() {
  const { t, i18n } = useTranslation();
  const fees = useNationalFees();
  const [editing, setEditing] = useState<NationalFee | 'new' | null>(null);
  const items = fees.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="national-fee-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', mb: 1 }}>
        <Typography id="national-fee-heading" variant="h6" component="h2">
          {t('invoices.nationalFee.title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('invoices.nationalFee.add')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('invoices.nationalFee.intro')}
      </Typography>
      {fees.isError ? <ErrorList errors={errorMessages(fees.error, t('common.loadError'))} /> : null}
      {fees.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary">{t('invoices.nationalFee.none')}</Typography>
      ) : null}
      {items.length > 0 ? (
        <List dense disablePadding aria-label={t('invoices.nationalFee.title')}>
          {items.map((fee) => (
            <ListItem key={fee.year} divider disableGutters sx={{ display: 'block' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between' }}>
                <Typography>
                  <strong>{fee.year}</strong>
                  {': '}
                  {t('invoices.nationalFee.line', {
                    amount: chf(fee.amountCentimes, i18n.language),
                    young:
                      fee.youngCentimes === null
                        ? t('invoices.schedule.noYoung')
                        : chf(fee.youngCentimes, i18n.language),
                  })}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setEditing(fee)}
                  aria-label={t('invoices.schedule.editYear', { year: fee.year })}
                >
                  {t('invoices.schedule.edit')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      ) : null}
      {editing ? <NationalFeeDialog fee={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Paper>
  );
}

function NationalFeeDialog({ fee, onClose }: { fee: NationalFee | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const save = useSaveNationalFee();
  const [year, setYear] = useState(fee?.year ?? new Date().getFullYear());
  const [amount, setAmount] = useState(fee ? moneyInputText(fee.amountCentimes) : '');
  const [young, setYoung] = useState(fee?.youngCentimes != null ? moneyInputText(fee.youngCentimes) : '');
  const [isChecked, setIsChecked] = useState(false);
  const amountCentimes = parseMoney(amount);
  const youngCentimes = young.trim() ? parseMoney(young) : null;
  const isYoungInvalid = young.trim() !== '' && youngCentimes === null;
  const submit = async () => {
    setIsChecked(true);
    if (amountCentimes === null || isYoungInvalid) return;
    clearErrors();
    try {
      await save.mutateAsync({ year, body: { amountCentimes, youngCentimes } });
      enqueueSnackbar(t('invoices.nationalFee.saved', { year }), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  return (
    <FormDialog
      title={fee ? t('invoices.nationalFee.editTitle', { year }) : t('invoices.nationalFee.add')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('invoices.schedule.save')}
      isBusy={save.isPending}
    >
      {fee ? null : <YearSelect value={year} onChange={setYear} />}
      <MoneyField
        label={t('invoices.nationalFee.amount')}
        value={amount}
        onChange={setAmount}
        error={isChecked && amountCentimes === null ? t('invoices.money.invalid') : undefined}
        isRequired
      />
      <MoneyField
        label={t('invoices.schedule.young')}
        value={young}
        onChange={setYoung}
        error={isChecked && isYoungInvalid ? t('invoices.money.invalid') : undefined}
        helperText={t('invoices.schedule.youngHint')}
      />
    </FormDialog>
  );
}
