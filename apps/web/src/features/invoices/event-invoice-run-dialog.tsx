import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { eventInvoiceOmissionReasons, type EventInvoicePreview } from '@bpw/domain/schemas/payment';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useEventInvoicePreview, useStartEventInvoiceRun } from './api/event-invoices-api';
import { DetailList } from './detail-list';
import { priceFromCost } from './event-price';
import { chf } from './invoice-format';
import { MoneyField } from './money-field';
import { moneyInputText, parseMoney } from './money';
import { useInvoiceTexts } from './use-invoice-texts';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { JobProgress } from '../../components/job-progress/job-progress';

type Props = { event: Pick<EventDetail, 'id' | 'title' | 'cost' | 'responsibleClub'>; onClose: () => void };

/**
 * Issue 17: the event page's "invoice registrations" (contract 31). The price per registration
 * (prefilled from the event's cost when it names one amount), the preview (how many invoices,
 * the total, who is left out and why), then the run: the invoices at once, their PDFs and mails
 * as a job with its progress, and a link to the club's invoices. Running again invoices only
 * the registrations still without one. Loaded with its texts when the action is chosen.
 */
export default function EventInvoiceRunDialog({ event, onClose }: Props) {
  const { t } = useTranslation();
  const isReady = useInvoiceTexts();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const prefilled = priceFromCost(event.cost);
  const [amountText, setAmountText] = useState(prefilled === null ? '' : moneyInputText(prefilled));
  const [previewAmount, setPreviewAmount] = useState<number | null>(null);
  const [isAmountShown, setIsAmountShown] = useState(false);
  const amount = parseMoney(amountText);
  const isAmountValid = amount !== null && amount > 0;
  const preview = useEventInvoicePreview(event.id, previewAmount);
  const start = useStartEventInvoiceRun(event.id);
  const isPreviewCurrent = previewAmount !== null && previewAmount === amount;
  const isBusy = start.isPending || preview.isFetching;

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (start.data) return onClose();
    setIsAmountShown(true);
    if (!isAmountValid) return;
    if (!isPreviewCurrent) return setPreviewAmount(amount);
    if (preview.data && preview.data.invoiceCount > 0) start.mutate(amount);
  };
  const submitLabel = start.data
    ? t('common.close')
    : isPreviewCurrent && preview.data
      ? t('invoices.eventRun.start', { count: preview.data.invoiceCount })
      : t('invoices.eventRun.showPreview');
  // The paper is the form, so Enter in the amount field submits (as in FormDialog).
  const formPaper = { component: 'form' as const, noValidate: true, onSubmit: submit };
  const isSubmitDisabled =
    !isReady || isBusy || (isPreviewCurrent && !start.data && (preview.data?.invoiceCount ?? 0) === 0);

  return (
    <Dialog
      open
      onClose={() => {
        if (!start.isPending) onClose();
      }}
      aria-labelledby={titleId}
      aria-busy={isBusy}
      fullWidth
      fullScreen={isPhone}
      maxWidth="sm"
      slotProps={{ paper: formPaper }}
    >
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <DialogTitle id={titleId}>
        {t('invoicesNav.eventRun')}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {event.title}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {!isReady ? (
          <CircularProgress aria-label={t('app.loading')} />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {start.data ? (
              <RunResult clubId={event.responsibleClub.id} run={start.data} />
            ) : (
              <>
                <Typography variant="body2">{t('invoices.eventRun.intro')}</Typography>
                <ErrorList errors={start.isError ? errorMessages(start.error, t('common.saveError')) : []} />
                <MoneyField
                  label={t('invoices.eventRun.amount')}
                  value={amountText}
                  onChange={(text) => {
                    setAmountText(text);
                    start.reset();
                  }}
                  error={isAmountShown && !isAmountValid ? t('invoices.eventRun.amountInvalid') : undefined}
                  helperText={event.cost ? t('invoices.eventRun.cost', { cost: event.cost }) : undefined}
                  isRequired
                  autoFocus
                />
                {preview.isError ? <ErrorList errors={errorMessages(preview.error, t('common.loadError'))} /> : null}
                {isPreviewCurrent && preview.data ? <PreviewFigures preview={preview.data} /> : null}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {start.data ? null : (
          <Button color="inherit" onClick={onClose} disabled={start.isPending}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={isSubmitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PreviewFigures({ preview }: { preview: EventInvoicePreview }) {
  const { t, i18n } = useTranslation();
  const omittedCount = eventInvoiceOmissionReasons.reduce((sum, key) => sum + (preview.omittedByReason[key] ?? 0), 0);
  return (
    <Box component="section" aria-label={t('invoices.eventRun.previewTitle')}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('invoices.eventRun.previewTitle')}
      </Typography>
      <DetailList
        items={[
          { label: t('invoices.eventRun.invoiceCount'), value: String(preview.invoiceCount) },
          { label: t('invoices.eventRun.total'), value: chf(preview.totalCentimes, i18n.language) },
          ...eventInvoiceOmissionReasons.map((key) => ({
            label: t(`invoices.eventRun.omission.${key}`),
            value: String(preview.omittedByReason[key] ?? 0),
          })),
        ]}
      />
      {preview.invoiceCount === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('invoices.eventRun.nothingToInvoice')}
        </Alert>
      ) : null}
      {omittedCount > 0 ? (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
            {t('invoices.eventRun.omittedTitle')}
          </Typography>
          <Box
            component="ul"
            aria-label={t('invoices.eventRun.omittedTitle')}
            sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}
          >
            {preview.omitted.map((item) => (
              <li key={item.registrationId}>
                <Typography variant="body2">
                  {item.name}: {t(`invoices.eventRun.omission.${item.reason}`)}
                </Typography>
              </li>
            ))}
          </Box>
          {omittedCount > preview.omitted.length ? (
            <Typography variant="body2" color="text.secondary">
              {t('invoices.eventRun.omittedMore', { count: omittedCount - preview.omitted.length })}
            </Typography>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}

function RunResult({ clubId, run }: { clubId: string; run: { jobId: string | null; invoiceCount: number } }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity={run.invoiceCount > 0 ? 'success' : 'info'} role="status">
        {run.invoiceCount > 0
          ? t('invoices.eventRun.created', { count: run.invoiceCount })
          : t('invoices.eventRun.noneCreated')}
      </Alert>
      {run.jobId ? (
        <JobProgress jobId={run.jobId} label={t('invoices.eventRun.progress')}>
          {(job) => (
            <Typography sx={{ mt: 1 }}>
              {job.state === 'done' ? t('invoices.eventRun.documentsDone') : t('invoices.eventRun.documentsFailed')}
            </Typography>
          )}
        </JobProgress>
      ) : null}
      <Box>
        <Button component={RouterLink} to={`/clubs/${encodeURIComponent(clubId)}/finance`} variant="outlined">
          {t('invoices.eventRun.openInvoices')}
        </Button>
      </Box>
    </>
  );
}
