import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { isJobFinished, type Job } from '@bpw/domain/schemas/job';
import { useTranslation } from 'react-i18next';
import { useJob } from './use-job';

/**
 * A server-side job's progress bar (docs/decisions/jobs.md): done of total, its state, asked
 * again every second until it ends. Closing the page does not stop the job; coming back shows
 * where it is. `children` renders the ended job (a feature shows its result and next steps).
 */
export function JobProgress({
  jobId,
  label,
  children,
}: {
  jobId: string;
  label: string;
  children?: (job: Job) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { data: job, isError } = useJob(jobId);
  if (isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const done = job?.done ?? 0;
  const total = job?.total ?? null;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : undefined;
  const state = job?.state ?? 'queued';
  const text = total === null ? t('jobProgress.doneOnly', { done }) : t('jobProgress.doneOfTotal', { done, total });
  return (
    <Box>
      <LinearProgress
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        {...(percent === undefined ? {} : { value: percent })}
        aria-label={label}
        aria-valuetext={text}
        color={state === 'failed' ? 'error' : state === 'done' ? 'success' : 'primary'}
        sx={{ height: 10, borderRadius: 1 }}
      />
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {t(`jobProgress.state.${state}`)} · {text}
      </Typography>
      {job && isJobFinished(job.state) && children ? children(job) : null}
    </Box>
  );
}
