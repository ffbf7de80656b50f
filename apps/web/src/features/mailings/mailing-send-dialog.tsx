import type { Mailing } from '@bpw/domain/schemas/mailing';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailingPreview } from './api/mailings';
import { RecipientSummary } from './recipient-summary';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

/** "Send to n recipients now?": the count as the server counts it now, then the send. */
export function MailingSendDialog({
  mailing,
  isBusy,
  onSend,
  onCancel,
}: {
  mailing: Mailing;
  isBusy: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const preview = useMailingPreview(mailing.id, mailing.texts[0]?.language ?? 'de');
  const total = preview.data?.recipients.total;
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('mailings.send.title')}</DialogTitle>
      <DialogContent>
        {preview.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {preview.isError ? <ErrorList errors={errorMessages(preview.error, t('common.loadError'))} /> : null}
        {total !== undefined ? (
          <>
            <DialogContentText id={textId} sx={{ mb: 1 }}>
              {total === 0
                ? t('mailings.send.nobody')
                : t('mailings.send.text', { number: total.toLocaleString(i18n.language) })}
            </DialogContentText>
            <RecipientSummary recipients={preview.data!.recipients} isAdvertising={mailing.isAdvertising} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onCancel} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={onSend} disabled={isBusy || !total}>
          {total === undefined
            ? t('mailings.send.confirm')
            : t('mailings.send.confirmCount', { number: total.toLocaleString(i18n.language) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
