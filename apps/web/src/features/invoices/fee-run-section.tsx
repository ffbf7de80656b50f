import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { feeRunOmissionReasons, type FeeRunOmissionReason } from '@bpw/domain/invoice-fees';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeeRunPreview, useStartFeeRun, type FeeRunPreviewQuery } from './api/invoicing-api';
import type { FeeRun, FeeRunOmitted, FeeRunPreview } from './api/invoice-types';
import { DetailList } from './detail-list';
import { FeeRunList } from './fee-run-list';
import { chf } from './invoice-format';
import { YearSelect } from './year-select';
import { errorMessages } from '../../api/api-error';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { ErrorList } from '../../components/error-list';
import { JobProgress } from '../../components/job-progress/job-progress';

const perPage = 10;

/**
 * Issue 17: the yearly fee run of a club (or, for admins, of all clubs: `clubId` null): choose the
 * year, see the preview (how many invoices, the total, who is left out and why), then create them
 * as a job with its progress. Running it again creates only the invoices still missing.
 */
export function FeeRunSection({ clubId }: { clubId: string | null }) {
  const { t } = useTranslation();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [isPreviewShown, setIsPreviewShown] = useState(false);
  const [reason, setReason] = useState<FeeRunOmissionReason | ''>('');
  const [page, setPage] = useState(0);
  const [run, setRun] = useState<FeeRun | null>(null);
  const start = useStartFeeRun();
  const query: FeeRunPreviewQuery | null = isPreviewShown
    ? {
        Year: year,
        ...(clubId ? { ClubId: clubId } : {}),
        Page: page,
        PerPage: perPage,
        ...(reason ? { Reason: reason } : {}),
      }
    : null;
  const preview = useFeeRunPreview(query);
  const chooseYear = (next: number) => {
    setYear(next);
    setPage(0);
    setRun(null);
    start.reset();
  };
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('invoices.feeRun.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t(clubId ? 'invoices.feeRun.intro' : 'invoices.feeRun.introAllClubs')}
        </Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <YearSelect value={year} onChange={chooseYear} />
          <Button variant="outlined" onClick={() => setIsPreviewShown(true)} disabled={preview.isFetching}>
            {t('invoices.feeRun.showPreview')}
          </Button>
        </Stack>
      </Paper>
      {preview.isError ? <ErrorList errors={errorMessages(preview.error, t('common.loadError'))} /> : null}
      {preview.data && !run ? (
        <PreviewCard
          preview={preview.data}
          reason={reason}
          onReasonChange={(next) => {
            setReason(next);
            setPage(0);
          }}
          page={page}
          onPageChange={setPage}
          isLoading={preview.isFetching}
          errors={start.isError ? errorMessages(start.error, t('common.saveError')) : []}
          isStarting={start.isPending}
          onStart={() => start.mutate({ year, clubId }, { onSuccess: setRun })}
        />
      ) : null}
      {run ? <RunProgress run={run} /> : null}
      <FeeRunList clubId={clubId} />
    </Stack>
  );
}

type PreviewCardProps = {
  preview: FeeRunPreview;
  reason: FeeRunOmissionReason | '';
  onReasonChange: (reason: FeeRunOmissionReason | '') => void;
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  errors: string[];
  isStarting: boolean;
  onStart: () => void;
};

function PreviewCard(props: PreviewCardProps) {
  const { preview, reason, onReasonChange, page, onPageChange, isLoading, errors, isStarting, onStart } = props;
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns = useMemo<DataTableColumn<FeeRunOmitted>[]>(
    () => [
      { id: 'name', header: t('invoices.fields.person'), cell: (row) => row.name },
      { id: 'club', header: t('invoices.fields.club'), cell: (row) => row.clubName },
      { id: 'reason', header: t('invoices.feeRun.reason'), cell: (row) => t(`invoices.omission.${row.reason}`) },
    ],
    [t],
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-label={t('invoices.feeRun.previewTitle')}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('invoices.feeRun.previewTitle', { year: preview.year })}
      </Typography>
      <DetailList
        items={[
          { label: t('invoices.feeRun.invoiceCount'), value: String(preview.invoiceCount) },
          { label: t('invoices.feeRun.total'), value: chf(preview.totalCentimes, locale) },
          { label: t('invoices.feeRun.clubFees'), value: chf(preview.clubFeeCentimes, locale) },
          { label: t('invoices.feeRun.nationalFees'), value: chf(preview.nationalFeeCentimes, locale) },
          {
            label: t('invoices.feeRun.delivery'),
            value: t('invoices.feeRun.deliveryCounts', { mail: preview.mailCount, print: preview.printCount }),
          },
          ...feeRunOmissionReasons.map((key) => ({
            label: t(`invoices.omission.${key}`),
            value: String(preview.omittedByReason[key] ?? 0),
          })),
        ]}
      />
      {preview.skippedClubs.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('invoices.feeRun.skippedClubs')}
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {preview.skippedClubs.map((club) => (
              <li key={club.clubId}>
                {club.clubName}: {t(`invoices.feeRun.skipped.${club.reason}`)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('invoices.feeRun.omittedTitle')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('invoices.feeRun.reason')}
        value={reason}
        onChange={(event) => onReasonChange(event.target.value as FeeRunOmissionReason | '')}
        sx={{ minWidth: 220, mb: 1 }}
      >
        <MenuItem value="">{t('invoices.feeRun.allReasons')}</MenuItem>
        {feeRunOmissionReasons.map((key) => (
          <MenuItem key={key} value={key}>
            {t(`invoices.omission.${key}`)}
          </MenuItem>
        ))}
      </TextField>
      <DataTable
        label={t('invoices.feeRun.omittedTitle')}
        columns={columns}
        rows={preview.omitted.items}
        total={preview.omitted.total}
        getRowId={(row) => `${row.personId}:${row.clubId}`}
        getRowLabel={(row) => row.name}
        sorting={[]}
        onSortingChange={() => {}}
        pagination={{ page, pageSize: perPage }}
        onPaginationChange={({ page: next }) => onPageChange(next)}
        isLoading={isLoading}
        emptyText={t('invoices.feeRun.noneOmitted')}
      />
      <ErrorList errors={errors} />
      <Button variant="contained" sx={{ mt: 2 }} disabled={isStarting || preview.invoiceCount === 0} onClick={onStart}>
        {t('invoices.feeRun.start', { count: preview.invoiceCount })}
      </Button>
    </Paper>
  );
}

function RunProgress({ run }: { run: FeeRun }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('invoices.feeRun.running', { year: run.year })}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('invoices.feeRun.runningHint')}
      </Typography>
      {run.jobId ? (
        <JobProgress jobId={run.jobId} label={t('invoices.feeRun.progress')}>
          {(job) => (
            <Typography sx={{ mt: 2 }}>
              {job.state === 'done'
                ? t('invoices.feeRun.done', { count: (job.result as { created?: number } | null)?.created ?? job.done })
                : t('invoices.feeRun.failed')}
            </Typography>
          )}
        </JobProgress>
      ) : (
        <Typography role="status">{t('invoices.feeRun.done', { count: run.invoiceCount })}</Typography>
      )}
    </Paper>
  );
}
