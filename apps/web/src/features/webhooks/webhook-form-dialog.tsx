import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  type Webhook,
  type WebhookEventType,
  type WebhookWithSecret,
  reservedWebhookEventTypes,
  webhookEventTypes,
} from '@bpw/domain/schemas/webhook';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeWebhook, useCreateWebhook } from './api';
import { eventLabelKey } from './webhook-texts';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

type Props = {
  clubId: string | null;
  /** null: a new subscription. */
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
};

/** Subscribe an address to events, or change address, events and whether it is enabled; the server checks. */
export function WebhookFormDialog({ clubId, webhook, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const create = useCreateWebhook();
  const change = useChangeWebhook();
  const eventsLabelId = useId();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const [isEnabled, setIsEnabled] = useState(webhook?.isEnabled ?? true);
  const isBusy = create.isPending || change.isPending;
  const toggle = (type: string, checked: boolean) =>
    setEvents((current) => (checked ? [...current, type] : current.filter((e) => e !== type)));
  const submit = async () => {
    clearErrors();
    // Kept in the domain's order, so the list reads the same everywhere.
    const chosen = webhookEventTypes.filter((type) => events.includes(type));
    try {
      if (webhook) {
        await change.mutateAsync({ id: webhook.id, body: { url, events: chosen, isEnabled } });
        enqueueSnackbar(t('webhooks.form.updated'), { variant: 'success' });
        onClose();
      } else {
        const created = await create.mutateAsync({ clubId, url, events: chosen });
        enqueueSnackbar(t('webhooks.form.created'), { variant: 'success' });
        onClose();
        onCreated(created);
      }
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  return (
    <FormDialog
      title={t(webhook ? 'webhooks.form.editTitle' : 'webhooks.list.new')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('webhooks.form.save')}
      isBusy={isBusy}
    >
      <TextField
        label={t('webhooks.fields.url')}
        helperText={t('webhooks.fields.urlHint')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        type="url"
        required
        autoFocus
        fullWidth
        disabled={isBusy}
        slotProps={{ htmlInput: { maxLength: 2000, spellCheck: false } }}
      />
      <FormControl component="fieldset" disabled={isBusy} required>
        {/* Not coloured while a checkbox has the focus: the primary colour is too light for a text. */}
        <FormLabel component="legend" id={eventsLabelId} focused={false}>
          {t('webhooks.fields.events')}
        </FormLabel>
        <FormGroup aria-labelledby={eventsLabelId}>
          {webhookEventTypes.map((type: WebhookEventType) => {
            const isReserved = reservedWebhookEventTypes.includes(type);
            return (
              <FormControlLabel
                key={type}
                disabled={isReserved}
                control={
                  <Checkbox checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
                }
                label={
                  isReserved
                    ? t('webhooks.fields.reserved', { event: `${t(eventLabelKey(type))} (${type})` })
                    : `${t(eventLabelKey(type))} (${type})`
                }
              />
            );
          })}
        </FormGroup>
      </FormControl>
      {webhook ? (
        <FormControlLabel
          control={<Switch checked={isEnabled} onChange={(event) => setIsEnabled(event.target.checked)} />}
          label={t('webhooks.list.enabled')}
          disabled={isBusy}
        />
      ) : null}
    </FormDialog>
  );
}
