import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportPayments, usePaymentImport } from './api/payments-api';
import type { PaymentImport } from './api/invoice-types';
import { DetailList } from './detail-list';
import { chf } from './invoice-format';
import { UnmatchedCreditList } from './unmatched-credit-list';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { JobProgress } from '../../components/job-progress/job-progress';

/** Issue 17: the bank's camt.054 file (credits matched by their reference) and the credits left unmatched. */
export function PaymentsSection({ clubId }: { clubId: string | null }) {
  const { t } = useTranslation();
  const upload = useImportPayments();
  const [file, setFile] = useState<File | null>(null);
  return (
    <Stack spacing={3}>
      <Paper
        variant="outlined"
        component="form"
        aria-label={t('invoices.payments.uploadTitle')}
        sx={{ p: { xs: 2, sm: 3 } }}
        onSubmit={(event) => {
          event.preventDefault();
          if (file) upload.mutate({ file, clubId });
        }}
      >
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('invoices.payments.uploadTitle')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('invoices.payments.uploadHint')}
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {t('invoices.payments.chooseFile')}
            <input
              hidden
              type="file"
              accept=".xml,application/xml,text/xml"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </Button>
          <Typography variant="body2" aria-live="polite">
            {file ? t('invoices.payments.chosenFile', { name: file.name }) : t('invoices.payments.noFile')}
          </Typography>
          <ErrorList errors={upload.isError ? errorMessages(upload.error, t('common.uploadError')) : []} />
          <Button type="submit" variant="contained" disabled={!file || upload.isPending}>
            {upload.isPending ? t('invoices.payments.uploading') : t('invoices.payments.upload')}
          </Button>
        </Stack>
        {upload.data ? <ImportOutcome upload={upload.data} /> : null}
      </Paper>
      <UnmatchedCreditList clubId={clubId} />
    </Stack>
  );
}

/** A large file is booked by a job (202 with jobId): its progress, then the counts. */
function ImportOutcome({ upload }: { upload: PaymentImport }) {
  const { t } = useTranslation();
  if (!upload.jobId) return <ImportResult result={upload} />;
  return (
    <Stack sx={{ mt: 3 }}>
      <JobProgress jobId={upload.jobId} label={t('invoices.payments.progress')}>
        {() => <BookedImport id={upload.id} />}
      </JobProgress>
    </Stack>
  );
}

function BookedImport({ id }: { id: string }) {
  const booked = usePaymentImport(id);
  return booked.data ? <ImportResult result={booked.data} /> : null;
}

function ImportResult({ result }: { result: PaymentImport }) {
  const { t, i18n } = useTranslation();
  const items = [
    { label: t('invoices.payments.result.credits'), value: String(result.creditCount) },
    { label: t('invoices.payments.result.total'), value: chf(result.totalCentimes, i18n.language) },
    { label: t('invoices.payments.result.matched'), value: String(result.matchedCount) },
    { label: t('invoices.payments.result.partlyPaid'), value: String(result.partlyPaidCount) },
    { label: t('invoices.payments.result.surplus'), value: String(result.surplusCount) },
    { label: t('invoices.payments.result.unmatched'), value: String(result.unmatchedCount) },
    { label: t('invoices.payments.result.duplicates'), value: String(result.duplicateCount) },
    { label: t('invoices.payments.result.skipped'), value: String(result.skippedCount) },
  ];
  return (
    <Stack spacing={2} sx={{ mt: 3 }} role="status">
      <Alert severity={result.unmatchedCount > 0 ? 'warning' : 'success'}>
        {t('invoices.payments.result.summary', { matched: result.matchedCount, count: result.creditCount })}
      </Alert>
      <DetailList items={items} />
      {result.notes.length > 0 ? (
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {result.notes.map((note) => (
            <li key={note}>
              <Typography variant="body2">{note}</Typography>
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}
