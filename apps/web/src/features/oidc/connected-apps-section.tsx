import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OidcConsent } from '@bpw/domain/schemas/oidc';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOidcConsents, useWithdrawOidcConsent } from './api';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorList } from '../../components/error-list';

/**
 * "Connected apps" on her Security page (issue 26): the applications she allowed to sign her in,
 * what they receive, and withdrawing (which also ends their sign-in and tokens).
 */
export function ConnectedAppsSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const consents = useOidcConsents();
  const withdraw = useWithdrawOidcConsent();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState<OidcConsent | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('oidc.connected.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('oidc.connected.intro')}
      </Typography>
      <ErrorList errors={errors} />
      {consents.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : !consents.data ? (
        <ErrorList errors={errorMessages(consents.error, t('common.clientError'))} />
      ) : consents.data.items.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('oidc.connected.none')}
        </Typography>
      ) : (
        <List>
          {consents.data.items.map((consent) => (
            <ListItem
              key={consent.clientId}
              disableGutters
              secondaryAction={
                <Button color="inherit" variant="outlined" onClick={() => setConfirming(consent)}>
                  {t('oidc.connected.withdraw')}
                </Button>
              }
              sx={{ pr: 16 }}
            >
              <ListItemText
                primary={consent.clientName}
                secondary={
                  <Stack component="span">
                    <span>{consent.scopes.map((scope) => t(`oidc.scopes.${scope}`)).join(' · ')}</span>
                    <span>{t('oidc.connected.since', { date: formatDate(consent.createdAt) })}</span>
                  </Stack>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('oidc.connected.withdrawTitle')}
        message={t('oidc.connected.withdrawMessage', { app: confirming?.clientName ?? '' })}
        confirmLabel={t('oidc.connected.withdraw')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const clientId = confirming?.clientId;
          setConfirming(null);
          if (!clientId) return;
          setErrors([]);
          withdraw.mutate(clientId, {
            onSuccess: () => enqueueSnackbar(t('oidc.connected.withdrawn'), { variant: 'success' }),
            onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
          });
        }}
      />
    </Paper>
  );
}
