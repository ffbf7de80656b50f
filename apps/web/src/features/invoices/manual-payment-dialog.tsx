import TextField from '@mui/material/TextField';
import { isoDateOf } from '@bpw/domain/date-input';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookPayment } from './api/invoices-api';
import type { InvoiceDetail } from './api/invoice-types';
import { chf } from './invoice-format';
import { MoneyField } from './money-field';
import { moneyInputText, parseMoney } from './money';
import { DateInput } from '../../components/date-input';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

/**
 * Issue 17: a payment that did not come through the bank's file (cash, a transfer without the
 * reference): amount, date, note. Less than open → partly paid; the open amount → paid; more →
 * paid with the surplus shown.
 */
export function ManualPaymentDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const book = useBookPayment();
  const [amount, setAmount] = useState(invoice.openCentimes > 0 ? moneyInputText(invoice.openCentimes) : '');
  const [paidOn, setPaidOn] = useState<string | null>(isoDateOf(new Date()));
  const [note, setNote] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const amountCentimes = parseMoney(amount);
  const isAmountInvalid = amountCentimes === null || amountCentimes <= 0;
  const submit = async () => {
    setIsChecked(true);
    if (isAmountInvalid || !paidOn) return;
    clearErrors();
    try {
      await book.mutateAsync({
        id: invoice.id,
        body: { amountCentimes: amountCentimes!, paidOn, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      enqueueSnackbar(t('invoices.payment.booked'), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  return (
    <FormDialog
      title={t('invoices.payment.title', { number: invoice.number })}
      description={t('invoices.payment.text', { open: chf(invoice.openCentimes, i18n.language) })}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('invoices.payment.book')}
      isBusy={book.isPending}
    >
      <MoneyField
        label={t('invoices.fields.amount')}
        value={amount}
        onChange={setAmount}
        error={isChecked && isAmountInvalid ? t('invoices.money.invalid') : undefined}
        isRequired
        autoFocus
      />
      <DateInput
        label={t('invoices.payment.paidOn')}
        value={paidOn}
        onChange={setPaidOn}
        required
        errorText={isChecked && !paidOn ? t('invoices.payment.paidOnRequired') : undefined}
        fullWidth
      />
      <TextField
        label={t('invoices.payment.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
