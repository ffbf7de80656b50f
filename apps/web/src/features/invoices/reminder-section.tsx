import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePrintBatch } from './api/invoicing-api';
import { useReminderRunPreview, useStartReminderRun } from './api/payments-api';
import type { ReminderPreview, ReminderRun } from './api/invoice-types';
import { DetailList } from './detail-list';
import { chf } from './invoice-format';
import { PrintBatchList } from './print-batch-list';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { JobProgress } from '../../components/job-progress/job-progress';

/**
 * Issue 17: first and second reminders for the club's overdue invoices: choose the level, see the
 * preview, send them as a job (by mail or for printing, in each person's language).
 */
export function ReminderSection({ clubId }: { clubId: string }) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<1 | 2>(1);
  const [isPreviewShown, setIsPreviewShown] = useState(false);
  const [run, setRun] = useState<ReminderRun | null>(null);
  const preview = useReminderRunPreview(isPreviewShown ? { ClubId: clubId, Level: level, Page: 0, PerPage: 10 } : null);
  const start = useStartReminderRun();
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('invoices.reminders.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('invoices.reminders.intro')}
        </Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('invoices.reminders.level')}
            value={level}
            onChange={(event) => {
              setLevel(Number(event.target.value) === 2 ? 2 : 1);
              setRun(null);
              start.reset();
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value={1}>{t('invoices.reminders.first')}</MenuItem>
            <MenuItem value={2}>{t('invoices.reminders.second')}</MenuItem>
          </TextField>
          <Button variant="outlined" onClick={() => setIsPreviewShown(true)} disabled={preview.isFetching}>
            {t('invoices.reminders.showPreview')}
          </Button>
        </Stack>
      </Paper>
      {preview.isError ? <ErrorList errors={errorMessages(preview.error, t('common.loadError'))} /> : null}
      {preview.data && !run ? (
        <Preview
          preview={preview.data}
          errors={start.isError ? errorMessages(start.error, t('common.saveError')) : []}
          isStarting={start.isPending}
          onStart={() => start.mutate({ clubId, level }, { onSuccess: setRun })}
        />
      ) : null}
      {run ? <RunProgress run={run} clubId={clubId} /> : null}
    </Stack>
  );
}

function Preview({
  preview,
  errors,
  isStarting,
  onStart,
}: {
  preview: ReminderPreview;
  errors: string[];
  isStarting: boolean;
  onStart: () => void;
}) {
  const { t, i18n } = useTranslation();
  const omitted = preview.omitted.items;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('invoices.reminders.previewTitle')}
      </Typography>
      <DetailList
        items={[
          { label: t('invoices.reminders.count'), value: String(preview.reminderCount) },
          { label: t('invoices.reminders.open'), value: chf(preview.openCentimes, i18n.language) },
          {
            label: t('invoices.feeRun.delivery'),
            value: t('invoices.feeRun.deliveryCounts', { mail: preview.mailCount, print: preview.printCount }),
          },
          ...Object.entries(preview.omittedByReason).map(([reason, count]) => ({
            label: t(`invoices.reminders.omission.${reason}`),
            value: String(count),
          })),
        ]}
      />
      {omitted.length > 0 ? (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t('invoices.reminders.omittedTitle')}
          </Typography>
          <ul>
            {omitted.map((entry) => (
              <li key={entry.invoiceId}>
                {entry.number} · {entry.recipientName}: {t(`invoices.reminders.omission.${entry.reason}`)}
              </li>
            ))}
          </ul>
          {preview.omitted.total > omitted.length ? (
            <Typography variant="body2" color="text.secondary">
              {t('invoices.reminders.moreOmitted', { shown: omitted.length, total: preview.omitted.total })}
            </Typography>
          ) : null}
        </>
      ) : null}
      <ErrorList errors={errors} />
      <Button variant="contained" sx={{ mt: 2 }} disabled={isStarting || preview.reminderCount === 0} onClick={onStart}>
        {t('invoices.reminders.start', { count: preview.reminderCount })}
      </Button>
    </Paper>
  );
}

function RunProgress({ run, clubId }: { run: ReminderRun; clubId: string }) {
  const { t } = useTranslation();
  const createBatch = useCreatePrintBatch();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('invoices.reminders.running')}
      </Typography>
      {run.jobId ? (
        <JobProgress jobId={run.jobId} label={t('invoices.reminders.progress')}>
          {(job) => (
            <Stack spacing={2} sx={{ mt: 2, alignItems: 'flex-start' }}>
              <Typography>
                {job.state === 'done' ? t('invoices.reminders.done') : t('invoices.feeRun.failed')}
              </Typography>
              <Button
                variant="outlined"
                disabled={createBatch.isPending || createBatch.isSuccess}
                onClick={() => createBatch.mutate({ reminderRunId: run.id })}
              >
                {t('invoices.printBatch.create')}
              </Button>
              <ErrorList errors={createBatch.isError ? errorMessages(createBatch.error, t('common.saveError')) : []} />
              {createBatch.isSuccess ? <Typography role="status">{t('invoices.printBatch.created')}</Typography> : null}
              {createBatch.isSuccess ? <PrintBatchList clubId={clubId} /> : null}
            </Stack>
          )}
        </JobProgress>
      ) : null}
    </Paper>
  );
}
