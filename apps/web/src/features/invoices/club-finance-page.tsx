import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useCanManageInvoicesOf, useClubName } from './api/invoicing-api';
import { FeeRunSection } from './fee-run-section';
import { FeeScheduleSection } from './fee-schedule-section';
import { InvoiceListSection } from './invoice-list-section';
import { InvoiceSettingsForm } from './invoice-settings-form';
import { InvoiceTextsGate } from './invoice-texts-gate';
import { InvoiceTotalsTable } from './invoice-totals-table';
import { PaymentsSection } from './payments-section';
import { ReminderSection } from './reminder-section';
import { tabContrast } from '../../components/tab-contrast';
import { useSessionTab } from '../../lib/use-session-tab';

const tabNames = ['invoices', 'feeRun', 'payments', 'reminders', 'settings'] as const;
type TabName = (typeof tabNames)[number];

/**
 * /clubs/{id}/finance (issue 17): a club's invoicing for its finance responsible, its database
 * managers and admins: invoices, the fee run, payments, reminders, settings and fee schedule.
 */
export function ClubFinancePage() {
  return (
    <InvoiceTextsGate>
      <ClubFinance />
    </InvoiceTextsGate>
  );
}

function ClubFinance() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const access = useCanManageInvoicesOf(id);
  const clubName = useClubName(id);
  const title = clubName.data ? t('invoices.finance.title', { club: clubName.data }) : t('invoices.finance.pageTitle');
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${title} – ${appTitle}`;
  }, [title, appTitle]);
  return (
    <Box sx={{ maxWidth: '90rem' }}>
      <Button component={RouterLink} to={`/clubs/${id}`} startIcon={<ArrowBack />} color="inherit" sx={{ mb: 1 }}>
        {t('invoices.finance.backToClub')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {access.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : !access.isAllowed ? (
        <Alert severity="warning">{t('invoices.finance.notAllowed')}</Alert>
      ) : (
        <FinanceTabs clubId={id} />
      )}
    </Box>
  );
}

function FinanceTabs({ clubId }: { clubId: string }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [tab, setTab] = useSessionTab<TabName>(tabNames, 'invoices');
  return (
    <Paper>
      <Tabs
        value={tab}
        onChange={(_event, next: TabName) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('invoices.finance.tabs')}
        sx={{ borderBottom: 1, borderColor: 'divider', ...tabContrast }}
      >
        {tabNames.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`invoices.finance.tab.${name}`)}
            id={`${baseId}-${name}-tab`}
            aria-controls={`${baseId}-${name}-panel`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${baseId}-${tab}-panel`}
        aria-labelledby={`${baseId}-${tab}-tab`}
        sx={{ p: { xs: 1.5, sm: 2 } }}
      >
        {tab === 'invoices' ? (
          <Stack spacing={3}>
            <InvoiceTotalsTable clubId={clubId} />
            <InvoiceListSection clubId={clubId} />
          </Stack>
        ) : null}
        {tab === 'feeRun' ? <FeeRunSection clubId={clubId} /> : null}
        {tab === 'payments' ? <PaymentsSection clubId={clubId} /> : null}
        {tab === 'reminders' ? <ReminderSection clubId={clubId} /> : null}
        {tab === 'settings' ? (
          <Stack spacing={3}>
            <InvoiceSettingsForm clubId={clubId} />
            <FeeScheduleSection clubId={clubId} />
          </Stack>
        ) : null}
      </Box>
    </Paper>
  );
}
