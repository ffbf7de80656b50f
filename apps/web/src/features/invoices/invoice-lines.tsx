import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { invoiceDeliveryLabelKey } from '@bpw/domain/enums/invoice';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from './api/invoice-types';
import { chf, formatDay } from './invoice-format';

/** An invoice's positions, payments and reminders, each a small table. */
export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <>
      <Section title={t('invoices.detail.positions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('invoices.detail.positionText')}</TableCell>
            <TableCell align="right">{t('invoices.fields.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.positions.map((position) => (
            <TableRow key={position.position}>
              <TableCell>{position.text}</TableCell>
              <TableCell align="right">{chf(position.amountCentimes, locale)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }}>
              {t('invoices.fields.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 'bold' }}>
              {chf(invoice.totalCentimes, locale)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Section>
      <Section
        title={t('invoices.detail.payments')}
        emptyText={invoice.payments.length === 0 ? t('invoices.detail.noPayments') : undefined}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('invoices.payment.paidOn')}</TableCell>
            <TableCell>{t('invoices.detail.source')}</TableCell>
            <TableCell>{t('invoices.payment.note')}</TableCell>
            <TableCell align="right">{t('invoices.fields.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.payments.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell>{formatDay(payment.paidOn)}</TableCell>
              <TableCell>{t(`invoices.detail.sources.${payment.source}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'normal' }}>{payment.note ?? '–'}</TableCell>
              <TableCell align="right">{chf(payment.amountCentimes, locale)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Section>
      {invoice.reminders.length > 0 ? (
        <Section title={t('invoices.detail.reminders')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('invoices.reminders.level')}</TableCell>
              <TableCell>{t('invoices.detail.remindedOn')}</TableCell>
              <TableCell>{t('invoices.fields.dueDate')}</TableCell>
              <TableCell>{t('invoices.fields.delivery')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.reminders.map((reminder) => (
              <TableRow key={reminder.level}>
                <TableCell>{t('invoices.reminderLevel', { level: reminder.level })}</TableCell>
                <TableCell>{formatDay(reminder.remindedOn)}</TableCell>
                <TableCell>{formatDay(reminder.dueDate)}</TableCell>
                <TableCell>{t(invoiceDeliveryLabelKey(reminder.delivery))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Section>
      ) : null}
    </>
  );
}

function Section({
  title,
  emptyText,
  children,
}: {
  title: string;
  emptyText?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {emptyText ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
          <Table size="small" aria-label={title}>
            {children}
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
