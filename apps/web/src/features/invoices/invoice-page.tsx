import ArrowBack from '@mui/icons-material/ArrowBack';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { invoiceDeliveryLabelKey } from '@bpw/domain/enums/invoice';
import { formatIban, formatReference } from '@bpw/domain/invoice-reference';
import { isCancellable } from '@bpw/domain/invoice-state';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { invoicePdfPath, useInvoice, useSendInvoice } from './api/invoices-api';
import { useDownload, useInvoiceClubs } from './api/invoicing-api';
import type { InvoiceDetail, PostalParty } from './api/invoice-types';
import { CancelInvoiceDialog } from './cancel-invoice-dialog';
import { DetailList } from './detail-list';
import { InvoiceLines } from './invoice-lines';
import { chf, formatDateTime, formatDay } from './invoice-format';
import { InvoiceStateChip } from './invoice-state-chip';
import { InvoiceTextsGate } from './invoice-texts-gate';
import { ManualPaymentDialog } from './manual-payment-dialog';
import { ApiError, errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { usePageTitle } from '../../lib/use-page-title';

/** /invoices/{id} (issue 17): one invoice for its club's finance people, or the member's own. */
export function InvoicePage() {
  return (
    <InvoiceTextsGate>
      <InvoiceView />
    </InvoiceTextsGate>
  );
}

function InvoiceView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const title = usePageTitle('invoices.detail.pageTitle');
  if (invoice.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (invoice.isError) {
    const isMissing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return (
      <Box component="section">
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        <Alert severity={isMissing ? 'warning' : 'error'}>
          {isMissing ? t('invoices.detail.notFound') : t('common.loadError')}
        </Alert>
      </Box>
    );
  }
  return <InvoiceContent invoice={invoice.data} />;
}

const addressLines = (party: PostalParty & { company?: string | null; addressLine?: string | null }) =>
  [
    party.company,
    party.name,
    party.addressLine,
    [party.street, party.buildingNumber].filter(Boolean).join(' '),
    `${party.countryCode === 'CH' ? '' : `${party.countryCode}-`}${party.zip} ${party.city}`,
  ].filter(Boolean) as string[];

function InvoiceContent({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { enqueueSnackbar } = useSnackbar();
  const clubs = useInvoiceClubs();
  const canManage = Boolean(
    clubs.data && (clubs.data.isAllClubs || clubs.data.clubs.some((club) => club.id === invoice.clubId)),
  );
  const download = useDownload();
  const send = useSendInvoice();
  const [dialog, setDialog] = useState<'payment' | 'cancel' | null>(null);
  const heading = t('invoices.detail.title', { number: invoice.number });
  return (
    <Box sx={{ maxWidth: 960 }}>
      {canManage ? (
        <Button
          component={RouterLink}
          to={`/clubs/${invoice.clubId}/finance`}
          startIcon={<ArrowBack />}
          color="inherit"
          sx={{ mb: 1 }}
        >
          {t('invoices.detail.back', { club: invoice.clubName })}
        </Button>
      ) : null}
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', my: 1 }}>
        <InvoiceStateChip state={invoice.state} isOverdue={invoice.isOverdue} />
        {invoice.reminderLevel > 0 ? (
          <Typography variant="body2">{t('invoices.reminderLevel', { level: invoice.reminderLevel })}</Typography>
        ) : null}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 2 }}>
        <Button
          variant="contained"
          startIcon={<PictureAsPdf />}
          disabled={download.isPending}
          onClick={() => download.mutate({ path: invoicePdfPath(invoice.id) })}
        >
          {t('invoices.detail.downloadPdf')}
        </Button>
        {canManage ? (
          <>
            <Button variant="outlined" onClick={() => setDialog('payment')} disabled={invoice.state === 4}>
              {t('invoices.payment.book')}
            </Button>
            <Button
              variant="outlined"
              disabled={send.isPending || invoice.state === 4 || !invoice.recipient.email}
              onClick={() =>
                send.mutate(invoice.id, {
                  onSuccess: () => enqueueSnackbar(t('invoices.detail.sent'), { variant: 'success' }),
                })
              }
            >
              {t('invoices.detail.send')}
            </Button>
            {isCancellable(invoice) ? (
              <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
                {t('invoices.cancel.action')}
              </Button>
            ) : null}
          </>
        ) : null}
      </Stack>
      <ErrorList errors={download.isError ? errorMessages(download.error, t('common.loadError')) : []} />
      <ErrorList errors={send.isError ? errorMessages(send.error, t('common.saveError')) : []} />
      <Stack spacing={3} sx={{ mt: 2 }}>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          component="section"
          aria-label={t('invoices.detail.facts')}
        >
          <DetailList
            items={[
              { label: t('invoices.fields.club'), value: invoice.clubName },
              { label: t('invoices.fields.recipient'), value: addressLines(invoice.recipient).join(', ') },
              { label: t('invoices.fields.total'), value: chf(invoice.totalCentimes, locale) },
              { label: t('invoices.fields.paid'), value: chf(invoice.paidCentimes, locale) },
              { label: t('invoices.fields.open'), value: chf(invoice.openCentimes, locale) },
              ...(invoice.surplusCentimes > 0
                ? [{ label: t('invoices.fields.surplus'), value: chf(invoice.surplusCentimes, locale) }]
                : []),
              { label: t('invoices.fields.issueDate'), value: formatDay(invoice.issueDate) },
              { label: t('invoices.fields.dueDate'), value: formatDay(invoice.dueDate) },
              { label: t('invoices.fields.delivery'), value: t(invoiceDeliveryLabelKey(invoice.delivery)) },
              ...(invoice.mailedAt
                ? [{ label: t('invoices.fields.mailedAt'), value: formatDateTime(invoice.mailedAt, locale) }]
                : []),
              { label: t('invoices.fields.iban'), value: formatIban(invoice.iban) },
              { label: t('invoices.fields.reference'), value: formatReference(invoice.reference) },
              { label: t('invoices.fields.creditor'), value: addressLines(invoice.creditor).join(', ') },
              ...(invoice.cancelledAt
                ? [
                    { label: t('invoices.fields.cancelledAt'), value: formatDateTime(invoice.cancelledAt, locale) },
                    { label: t('invoices.fields.cancelReason'), value: invoice.cancelReason ?? '' },
                  ]
                : []),
            ]}
          />
        </Paper>
        <InvoiceLines invoice={invoice} />
      </Stack>
      {dialog === 'payment' ? <ManualPaymentDialog invoice={invoice} onClose={() => setDialog(null)} /> : null}
      {dialog === 'cancel' ? <CancelInvoiceDialog invoice={invoice} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}
