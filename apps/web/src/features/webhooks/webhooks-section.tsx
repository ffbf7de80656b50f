import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Webhook, WebhookWithSecret } from '@bpw/domain/schemas/webhook';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteWebhook, useRotateWebhookSecret, useWebhookAttempts, useWebhooks } from './api';
import { WebhookDeliveryLogDialog } from './webhook-delivery-log-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';
import { errorLabelKey } from './webhook-texts';
import { useWebhookTexts } from './use-webhook-texts';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorList } from '../../components/error-list';
import { SecretOnceDialog } from '../../components/secret-once-dialog/secret-once-dialog';

type Props = {
  /** A club's subscriptions, or the association's (null). */
  clubId: string | null;
};

/**
 * Issue 26: the webhook subscriptions of a club (its tab) or of the association (admins' page):
 * list with the last delivery, subscribe, edit, new secret (shown once), delete, delivery log.
 * docs/decisions/webhooks.md.
 */
export function WebhooksSection({ clubId }: Props) {
  const { t } = useTranslation();
  const isReady = useWebhookTexts();
  return isReady ? <Subscriptions clubId={clubId} /> : <CircularProgress aria-label={t('app.loading')} />;
}

function Subscriptions({ clubId }: Props) {
  const { t } = useTranslation();
  const title = t(clubId ? 'webhooks.club.title' : 'webhooks.association.subscriptions');
  const intro = t(clubId ? 'webhooks.club.intro' : 'webhooks.association.intro');
  const headingId = useId();
  const webhooks = useWebhooks(clubId);
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('webhooks.list.new')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {intro}
      </Typography>
      <ErrorList errors={errors} />
      {webhooks.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : !webhooks.data ? (
        <ErrorList errors={errorMessages(webhooks.error, t('common.clientError'))} />
      ) : webhooks.data.items.length === 0 ? (
        <Typography sx={{ mt: 2 }}>{t('webhooks.list.none')}</Typography>
      ) : (
        <List aria-label={title}>
          {webhooks.data.items.map((webhook) => (
            <ListItem key={webhook.id} divider disableGutters sx={{ display: 'block' }}>
              <Typography component="p" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                {webhook.url}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('webhooks.list.events', { events: webhook.events.join(', ') })}
              </Typography>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={webhook.isEnabled ? 'success' : 'default'}
                  label={t(
                    webhook.isEnabled
                      ? 'webhooks.list.enabled'
                      : webhook.disabledReason === 'failing'
                        ? 'webhooks.list.disabledFailing'
                        : 'webhooks.list.disabled',
                  )}
                />
                <LastDelivery id={webhook.id} />
              </Stack>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  onClick={() => setEditing(webhook)}
                  aria-label={named(t('webhooks.list.edit'), webhook)}
                >
                  {t('webhooks.list.edit')}
                </Button>
                <Button
                  size="small"
                  onClick={() => setLogOf(webhook)}
                  aria-label={named(t('webhooks.list.log'), webhook)}
                >
                  {t('webhooks.list.log')}
                </Button>
                <Button
                  size="small"
                  onClick={() => setRotating(webhook)}
                  aria-label={named(t('webhooks.list.rotate'), webhook)}
                >
                  {t('webhooks.list.rotate')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(webhook)}
                  aria-label={named(t('webhooks.list.delete'), webhook)}
                >
                  {t('webhooks.list.delete')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {editing ? (
        <WebhookFormDialog
          clubId={clubId}
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={setSecret}
        />
      ) : null}
      {logOf ? <WebhookDeliveryLogDialog webhook={logOf} onClose={() => setLogOf(null)} /> : null}
      <SecretOnceDialog
        secret={secret?.secret ?? null}
        title={t('webhooks.secret.title')}
        once={t('webhooks.secret.once')}
        label={t('webhooks.secret.label')}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks.delete.title')}
        message={t('webhooks.delete.message', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.list.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting?.id;
          setDeleting(null);
          if (!id) return;
          setErrors([]);
          remove.mutate(id, {
            onSuccess: () => enqueueSnackbar(t('webhooks.delete.done'), { variant: 'success' }),
            onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
          });
        }}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t('webhooks.rotate.title')}
        message={t('webhooks.rotate.message', { url: rotating?.url ?? '' })}
        confirmLabel={t('webhooks.list.rotate')}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          const id = rotating?.id;
          setRotating(null);
          if (!id) return;
          setErrors([]);
          rotate.mutate(id, {
            onSuccess: setSecret,
            onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
          });
        }}
      />
    </Paper>
  );
}

/** A button's accessible name: the action and the subscription's address. */
const named = (action: string, webhook: Webhook) => `${action}: ${webhook.url}`;

/** The state of the newest delivery attempt, if any. */
function LastDelivery({ id }: { id: string }) {
  const { t } = useTranslation();
  const attempts = useWebhookAttempts(id, 0, 1);
  const last = attempts.data?.items[0];
  if (attempts.isPending) return null;
  if (!last) return <Chip size="small" variant="outlined" label={t('webhooks.list.noDelivery')} />;
  // The newest attempt's own outcome: answered with 2xx (no error), or why not.
  const isSuccess = last.error === null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isSuccess ? 'success' : 'error'}
      label={t(isSuccess ? 'webhooks.list.lastSuccess' : 'webhooks.list.lastFailure', {
        status: last.statusCode ?? t(errorLabelKey(last.error ?? '')),
      })}
    />
  );
}
