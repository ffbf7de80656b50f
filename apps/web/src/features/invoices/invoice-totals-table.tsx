import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useInvoiceTotals } from './api/invoices-api';
import { chf } from './invoice-format';

/** Issue 17: the club's totals per year: invoiced, paid, open, overdue. */
export function InvoiceTotalsTable({ clubId }: { clubId: string }) {
  const { t, i18n } = useTranslation();
  const totals = useInvoiceTotals(clubId);
  const items = totals.data?.items ?? [];
  if (totals.isPending || totals.isError || items.length === 0) return null;
  const money = (centimes: number) => chf(centimes, i18n.language);
  return (
    <section aria-label={t('invoices.totals.title')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('invoices.totals.title')}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('invoices.totals.title')}>
        <Table size="small" aria-label={t('invoices.totals.title')} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('invoices.fields.year')}</TableCell>
              <TableCell align="right">{t('invoices.totals.count')}</TableCell>
              <TableCell align="right">{t('invoices.fields.total')}</TableCell>
              <TableCell align="right">{t('invoices.fields.paid')}</TableCell>
              <TableCell align="right">{t('invoices.fields.open')}</TableCell>
              <TableCell align="right">{t('invoices.totals.overdue')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((row) => (
              <TableRow key={row.year}>
                <TableCell component="th" scope="row">
                  {row.year}
                </TableCell>
                <TableCell align="right">{row.invoiceCount}</TableCell>
                <TableCell align="right">{money(row.totalCentimes)}</TableCell>
                <TableCell align="right">{money(row.paidCentimes)}</TableCell>
                <TableCell align="right">{money(row.openCentimes)}</TableCell>
                <TableCell align="right">{money(row.overdueCentimes)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
