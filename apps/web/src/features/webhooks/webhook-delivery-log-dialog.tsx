import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Webhook, WebhookAttempt } from '@bpw/domain/schemas/webhook';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRedeliverWebhookMessage, useWebhookAttempts } from './api';
import { errorLabelKey } from './webhook-texts';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

const perPage = 20;

/** A subscription's delivery log, newest first, paged; a finished message can be sent again. */
export function WebhookDeliveryLogDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [page, setPage] = useState(0);
  const attempts = useWebhookAttempts(webhook.id, page, perPage);
  const redeliver = useRedeliverWebhookMessage();
  const { enqueueSnackbar } = useSnackbar();
  const [errors, setErrors] = useState<string[]>([]);
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
  const total = attempts.data?.total ?? 0;
  const items = attempts.data?.items ?? [];
  // The newest attempt of each message on this page carries its "send again" button.
  const firstOfMessage = new Set<string>();
  const seen = new Set<string>();
  for (const item of items) {
    if (!seen.has(item.messageId)) firstOfMessage.add(item.id);
    seen.add(item.messageId);
  }
  const canRedeliver = (item: WebhookAttempt) =>
    firstOfMessage.has(item.id) && (item.messageState === 'delivered' || item.messageState === 'failed');
  const send = (item: WebhookAttempt) => {
    setErrors([]);
    redeliver.mutate(
      { id: webhook.id, messageId: item.messageId },
      {
        onSuccess: () => enqueueSnackbar(t('webhooks.log.redelivered'), { variant: 'success' }),
        onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={isPhone}>
      <DialogTitle id={titleId}>{t('webhooks.list.log')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', mb: 1 }}>
          {webhook.url}
        </Typography>
        <ErrorList errors={errors} />
        {attempts.isPending ? (
          <CircularProgress aria-label={t('app.loading')} />
        ) : !attempts.data ? (
          <ErrorList errors={errorMessages(attempts.error, t('common.clientError'))} />
        ) : items.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{t('webhooks.log.none')}</Typography>
        ) : (
          <List aria-label={t('webhooks.list.log')}>
            {items.map((item) => (
              <ListItem key={item.id} divider disableGutters sx={{ display: 'block' }}>
                <Typography component="p" sx={{ overflowWrap: 'anywhere' }}>
                  <strong>{item.eventType}</strong> · {dateTime(item.at)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[
                    t('webhooks.log.status', { status: item.statusCode ?? '–' }),
                    t('webhooks.log.duration', { ms: item.durationMs }),
                    t('webhooks.log.attempt', { attempt: item.attempt }),
                    t(`webhooks.states.${item.messageState}`),
                    ...(item.error ? [t('webhooks.log.error', { error: t(errorLabelKey(item.error)) })] : []),
                  ].join(' · ')}
                </Typography>
                {canRedeliver(item) ? (
                  <Button
                    size="small"
                    sx={{ mt: 0.5 }}
                    disabled={redeliver.isPending}
                    onClick={() => send(item)}
                    aria-label={`${t('webhooks.log.redeliver')}: ${item.eventType}, ${dateTime(item.at)}`}
                  >
                    {t('webhooks.log.redeliver')}
                  </Button>
                ) : null}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mr: 'auto' }}>
          <Button onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
            {t('webhooks.log.previous')}
          </Button>
          <Typography variant="body2" aria-live="polite">
            {t('webhooks.log.range', {
              from: total === 0 ? 0 : page * perPage + 1,
              to: Math.min(total, (page + 1) * perPage),
              total,
            })}
          </Typography>
          <Button onClick={() => setPage((p) => p + 1)} disabled={(page + 1) * perPage >= total}>
            {t('webhooks.log.next')}
          </Button>
        </Stack>
        <Button onClick={() => void attempts.refetch()}>{t('webhooks.log.refresh')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('webhooks.log.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
