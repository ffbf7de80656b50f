import { InvoiceDelivery } from '@bpw/domain/enums/invoice';
import type { ApplicationFirstInvoice } from '@bpw/domain/schemas/application';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * Issue 25 with issue 17: the outcome of an acceptance with her first invoice, kept on screen:
 * the invoice's number, amount and how it reaches her (a link to it), or, when the fee rules
 * made none, why; she is a member either way.
 */
export function AcceptedDialog({
  name,
  result,
  onClose,
}: {
  name: string;
  result: ApplicationFirstInvoice;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const invoice = result.invoice;
  const amount = (centimes: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'CHF' }).format(centimes / 100);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('applications.accepted.title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="success">{t('applications.accept.done')}</Alert>
          {invoice ? (
            <Alert severity="success" role="status">
              {t(
                invoice.delivery === InvoiceDelivery.print
                  ? 'applications.accepted.invoicePrint'
                  : 'applications.accepted.invoiceMail',
                { number: invoice.number, amount: amount(invoice.totalCentimes), year: result.year },
              )}
            </Alert>
          ) : (
            <Alert severity="warning" role="status">
              {t('applications.accepted.noInvoice', {
                year: result.year,
                reason: t(`applications.accepted.reason.${result.omittedReason ?? 'noFee'}`),
              })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {invoice ? (
          <Button component={RouterLink} to={`/invoices/${encodeURIComponent(invoice.id)}`} color="inherit">
            {t('applications.accepted.openInvoice', { number: invoice.number })}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
