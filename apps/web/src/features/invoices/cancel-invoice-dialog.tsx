import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelInvoice } from './api/invoices-api';
import type { InvoiceDetail } from './api/invoice-types';
import { chf } from './invoice-format';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

/** Issue 17: cancelling an issued invoice nothing has been paid on, with an optional reason; asks first. */
export function CancelInvoiceDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const cancel = useCancelInvoice();
  const [reason, setReason] = useState('');
  const submit = async () => {
    clearErrors();
    try {
      await cancel.mutateAsync({ id: invoice.id, reason: reason.trim() });
      enqueueSnackbar(t('invoices.cancel.done', { number: invoice.number }), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  return (
    <FormDialog
      title={t('invoices.cancel.title', { number: invoice.number })}
      description={t('invoices.cancel.text', {
        name: invoice.recipientName,
        total: chf(invoice.totalCentimes, i18n.language),
      })}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('invoices.cancel.confirm')}
      isBusy={cancel.isPending}
    >
      <TextField
        label={t('invoices.cancel.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
