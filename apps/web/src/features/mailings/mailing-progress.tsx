import type { Mailing, MailingProgress } from '@bpw/domain/schemas/mailing';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mailingKeys, useCancelMailing, useMailingProgress } from './api/mailings';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorList } from '../../components/error-list';

/** The share of the mailing that is through (sent, failed or cancelled) of those it goes to. */
export function progressPercent(progress: MailingProgress): number | undefined {
  if (progress.state === 'sent') return 100;
  if (progress.total === null) return undefined;
  const { sent, failed, cancelled, skipped } = progress.counts;
  const toSend = progress.total - skipped;
  if (toSend <= 0) return 100;
  return Math.min(100, Math.round(((sent + failed + cancelled) / toSend) * 100));
}

const shownCounts = ['queued', 'handed', 'sent', 'failed', 'skipped', 'cancelled'] as const;

/**
 * The send's progress (issue 18): queued, handed to the outbox, sent, failed, left out and
 * cancelled recipients and a bar, asked again while it runs; cancel while it is queued or sending.
 */
export function MailingProgressPanel({ mailing }: { mailing: Mailing }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const progress = useMailingProgress(mailing.id, mailing.state !== 'draft');
  const cancel = useCancelMailing();
  const [isConfirming, setIsConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const data = progress.data;
  const queryClient = useQueryClient();
  // The mailing's own state follows its progress (queued, sending, then sent or cancelled).
  const progressState = data?.state;
  useEffect(() => {
    if (progressState && progressState !== mailing.state) {
      void queryClient.invalidateQueries({ queryKey: mailingKeys.detail(mailing.id) });
    }
  }, [progressState, mailing.state, mailing.id, queryClient]);
  if (!data) {
    return progress.isError ? (
      <ErrorList errors={errorMessages(progress.error, t('common.loadError'))} />
    ) : (
      <LinearProgress aria-label={t('app.loading')} />
    );
  }
  const percent = progressPercent(data);
  const number = (value: number) => value.toLocaleString(i18n.language);
  const isRunning = data.state === 'queued' || data.state === 'sending';
  const summary = t('mailings.progress.summary', {
    state: t(`mailings.states.${data.state}`),
    done: number(data.counts.sent),
    total: data.total === null ? '–' : number(data.total),
  });
  return (
    <Box>
      <LinearProgress
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        {...(percent === undefined ? {} : { value: percent })}
        aria-label={t('mailings.progress.label')}
        aria-valuetext={summary}
        color={data.state === 'cancelled' ? 'warning' : data.state === 'sent' ? 'success' : 'primary'}
        sx={{ height: 10, borderRadius: 1 }}
      />
      <Typography role="status" sx={{ mt: 1 }}>
        {summary}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'start',
          columnGap: 2,
          rowGap: 0.5,
          my: 1,
        }}
      >
        {shownCounts.map((state) => (
          <Box key={state} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`mailings.recipientStates.${state}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }} data-count={state}>
              {number(data.counts[state])}
            </Typography>
          </Box>
        ))}
        {data.withoutEmail !== null ? (
          <>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('mailings.progress.withoutEmail')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {number(data.withoutEmail)}
            </Typography>
          </>
        ) : null}
      </Box>
      <ErrorList errors={errors} />
      {isRunning ? (
        <Stack direction="row">
          <Button color="error" variant="outlined" onClick={() => setIsConfirming(true)} disabled={cancel.isPending}>
            {t('mailings.progress.cancel')}
          </Button>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        title={t('mailings.progress.cancelTitle')}
        message={t('mailings.progress.cancelText')}
        confirmLabel={t('mailings.progress.cancel')}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => {
          setIsConfirming(false);
          cancel.mutate(mailing.id, {
            onSuccess: () => enqueueSnackbar(t('mailings.progress.cancelled'), { variant: 'success' }),
            onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
          });
        }}
      />
    </Box>
  );
}
