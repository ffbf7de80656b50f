import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { InvoiceTextsGate } from './invoice-texts-gate';
import { InvoiceTotalsTable } from './invoice-totals-table';

/** The club page's Finance tab (issue 17): the totals per year and the way to the finance page. */
export default function ClubFinanceTab({ clubId }: { clubId: string }) {
  return (
    <InvoiceTextsGate>
      <Overview clubId={clubId} />
    </InvoiceTextsGate>
  );
}

function Overview({ clubId }: { clubId: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h6" component="h2">
        {t('invoices.tab.title')}
      </Typography>
      <Typography variant="body2">{t('invoices.tab.intro')}</Typography>
      <Button component={RouterLink} to={`/clubs/${clubId}/finance`} variant="contained">
        {t('invoices.tab.open')}
      </Button>
      <InvoiceTotalsTable clubId={clubId} />
    </Stack>
  );
}
