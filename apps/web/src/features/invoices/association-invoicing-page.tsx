import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canManageAssociationInvoicing } from '@bpw/domain/invoice-permissions';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useInvoiceClubs } from './api/invoicing-api';
import { FeeRunSection } from './fee-run-section';
import { InvoiceSettingsForm } from './invoice-settings-form';
import { InvoiceTextsGate } from './invoice-texts-gate';
import { NationalFeeSection } from './national-fee-section';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

/**
 * /invoicing (issue 17): the clubs whose invoices she manages; for admins also the association's
 * invoicing settings, the national fee per year and the fee run of all clubs.
 */
export function AssociationInvoicingPage() {
  return (
    <InvoiceTextsGate>
      <Invoicing />
    </InvoiceTextsGate>
  );
}

function Invoicing() {
  const { t } = useTranslation();
  const actor = useActor();
  const clubs = useInvoiceClubs();
  const isAdmin = canManageAssociationInvoicing(actor);
  return (
    <Box sx={{ maxWidth: '90rem' }}>
      <PageHeading titleKey="invoices.association.title" />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="invoicing-clubs">
          <Typography id="invoicing-clubs" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('invoices.association.clubs')}
          </Typography>
          {clubs.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
          {clubs.isError ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
          {clubs.data && clubs.data.clubs.length === 0 ? (
            <Typography color="text.secondary">{t('invoices.association.noClubs')}</Typography>
          ) : null}
          {clubs.data && clubs.data.clubs.length > 0 ? (
            <List dense disablePadding aria-labelledby="invoicing-clubs">
              {clubs.data.clubs.map((club) => (
                <ListItem key={club.id} disableGutters divider>
                  <Link component={RouterLink} to={`/clubs/${club.id}/finance`}>
                    {club.name}
                  </Link>
                </ListItem>
              ))}
            </List>
          ) : null}
        </Paper>
        {isAdmin ? (
          <>
            <InvoiceSettingsForm clubId={null} />
            <NationalFeeSection />
            <FeeRunSection clubId={null} />
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
