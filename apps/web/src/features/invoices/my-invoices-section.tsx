import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { invoicePdfPath, useMyInvoices } from './api/invoices-api';
import { useDownload } from './api/invoicing-api';
import { chf, formatDay } from './invoice-format';
import { InvoiceStateChip } from './invoice-state-chip';
import { InvoiceTextsGate } from './invoice-texts-gate';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

const perPage = 10;

/** "My invoices" on her page /me (issue 17): her own invoices, newest first, each with its PDF. */
export default function MyInvoicesSection() {
  return (
    <InvoiceTextsGate>
      <MyInvoices />
    </InvoiceTextsGate>
  );
}

function MyInvoices() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const invoices = useMyInvoices(page, perPage);
  const download = useDownload();
  const items = invoices.data?.items ?? [];
  const total = invoices.data?.total ?? 0;
  const title = t('invoices.mine.title');
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {invoices.isPending ? <CircularProgress size={24} aria-label={t('app.loading')} /> : null}
        {invoices.isError ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
        {invoices.isSuccess && items.length === 0 ? (
          <Typography color="text.secondary">{t('invoices.mine.none')}</Typography>
        ) : null}
        {items.length > 0 ? (
          <List dense disablePadding aria-label={title}>
            {items.map((invoice) => (
              <ListItem key={invoice.id} disableGutters divider sx={{ display: 'block', py: 1 }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between' }}>
                  <Box>
                    <Link component={RouterLink} to={`/invoices/${invoice.id}`}>
                      {t('invoices.mine.line', { number: invoice.number, club: invoice.clubName })}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {t('invoices.mine.amounts', {
                        total: chf(invoice.totalCentimes, i18n.language),
                        due: formatDay(invoice.dueDate),
                      })}
                    </Typography>
                    <Box sx={{ mt: 0.5 }}>
                      <InvoiceStateChip state={invoice.state} isOverdue={invoice.isOverdue} />
                    </Box>
                  </Box>
                  <Box>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<PictureAsPdf />}
                      disabled={download.isPending}
                      onClick={() => download.mutate({ path: invoicePdfPath(invoice.id) })}
                      aria-label={t('invoices.mine.pdfOf', { number: invoice.number })}
                    >
                      {t('invoices.mine.pdf')}
                    </Button>
                  </Box>
                </Stack>
              </ListItem>
            ))}
          </List>
        ) : null}
        <ErrorList errors={download.isError ? errorMessages(download.error, t('common.loadError')) : []} />
        {total > perPage ? (
          <Stack direction="row" sx={{ gap: 1, mt: 1, alignItems: 'center' }}>
            <Button size="small" color="inherit" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t('invoices.mine.newer')}
            </Button>
            <Typography variant="body2">
              {t('invoices.mine.page', { from: page * perPage + 1, to: Math.min(total, (page + 1) * perPage), total })}
            </Typography>
            <Button
              size="small"
              color="inherit"
              disabled={(page + 1) * perPage >= total}
              onClick={() => setPage(page + 1)}
            >
              {t('invoices.mine.older')}
            </Button>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}
