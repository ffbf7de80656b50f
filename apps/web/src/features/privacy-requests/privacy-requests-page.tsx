import type { ErasureRequest } from '@bpw/domain/schemas/privacy-request';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDecideErasure,
  useErasureRequests,
  usePrivacySetting,
  useRetentionCandidates,
  useSavePrivacySetting,
  useStartRetentionRun,
} from './api';
import { usePrivacyRequestTexts } from './use-privacy-request-texts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { JobProgress } from '../../components/job-progress/job-progress';
import { errorMessages } from '../../api/api-error';
import { formatIsoDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';

const JOB_STORAGE_KEY = 'bpw.retentionJob';
const nameOf = (r: { firstname: string | null; lastname: string }) =>
  [r.firstname, r.lastname].filter(Boolean).join(' ');

/**
 * /privacy-requests (admins, issue 25): the erasure requests with execute and decline, the
 * retention period, the persons past it and the anonymisation job's progress.
 */
export function PrivacyRequestsPage() {
  const { t } = useTranslation();
  const isReady = usePrivacyRequestTexts();
  if (!isReady) return <CircularProgress aria-label={t('app.loading')} />;
  return <Page />;
}

function Page() {
  const { t } = useTranslation();
  usePageTitle('privacyRequests.admin.title');
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('privacyRequests.admin.title')}
      </Typography>
      <Stack spacing={3}>
        <ErasureRequests />
        <Retention />
      </Stack>
    </Box>
  );
}

function Pager({ total, page, perPage, onPage, onPerPage }: PagerProps) {
  const { t } = useTranslation();
  return total > 0 ? (
    <TablePagination
      component="div"
      count={total}
      page={page}
      onPageChange={(_event, next) => onPage(next)}
      rowsPerPage={perPage}
      onRowsPerPageChange={(event) => onPerPage(Number(event.target.value))}
      rowsPerPageOptions={[10, 20, 50]}
      labelRowsPerPage={t('privacyRequests.perPage')}
    />
  ) : null;
}
type PagerProps = {
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
};

function ErasureRequests() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const list = useErasureRequests(page, perPage);
  const [decision, setDecision] = useState<{ request: ErasureRequest; kind: 'execute' | 'decline' } | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-label={t('privacyRequests.admin.requests')} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('privacyRequests.admin.requests')}
      </Typography>
      {list.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {list.isError ? <Alert severity="error">{errorMessages(list.error, t('common.loadError'))[0]}</Alert> : null}
      {list.data?.total === 0 ? <Typography>{t('privacyRequests.admin.noRequests')}</Typography> : null}
      <List dense disablePadding aria-label={t('privacyRequests.admin.requests')}>
        {list.data?.items.map((request) => (
          <ListItem key={request.personId} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={nameOf(request)}
              secondary={t('privacyRequests.club.requestedAt', {
                date: formatIsoDate(request.requestedAt.slice(0, 10), i18n.language),
              })}
            />
            <Stack direction="row" spacing={1}>
              <Button variant="contained" color="error" onClick={() => setDecision({ request, kind: 'execute' })}>
                {t('privacyRequests.admin.execute')}
              </Button>
              <Button variant="outlined" onClick={() => setDecision({ request, kind: 'decline' })}>
                {t('privacyRequests.club.decline')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
      <Pager
        total={list.data?.total ?? 0}
        page={page}
        perPage={perPage}
        onPage={setPage}
        onPerPage={(next) => {
          setPerPage(next);
          setPage(0);
        }}
      />
      {decision?.kind === 'execute' ? (
        <ExecuteDialog request={decision.request} onClose={() => setDecision(null)} />
      ) : null}
      {decision?.kind === 'decline' ? (
        <DeclineErasureDialog request={decision.request} onClose={() => setDecision(null)} />
      ) : null}
    </Paper>
  );
}

function ExecuteDialog({ request, onClose }: { request: ErasureRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const decide = useDecideErasure(request.personId);
  return (
    <ConfirmDialog
      open
      title={t('privacyRequests.admin.executeTitle')}
      message={t('privacyRequests.admin.executeText', { name: nameOf(request) })}
      confirmLabel={t('privacyRequests.admin.execute')}
      onCancel={onClose}
      onConfirm={() =>
        decide.mutate(
          { kind: 'execute' },
          {
            onSuccess: () => {
              enqueueSnackbar(t('privacyRequests.admin.executed'), { variant: 'success' });
              onClose();
            },
            onError: (failure) => {
              enqueueSnackbar(errorMessages(failure, t('common.saveError')).join(' '), { variant: 'error' });
              onClose();
            },
          },
        )
      }
    />
  );
}

function DeclineErasureDialog({ request, onClose }: { request: ErasureRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const decide = useDecideErasure(request.personId);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      title={t('privacyRequests.admin.declineTitle')}
      subtitle={nameOf(request)}
      errors={errors}
      onClose={onClose}
      onSubmit={() => {
        clearErrors();
        decide.mutate(
          { kind: 'decline', body: { reason } },
          {
            onSuccess: () => {
              enqueueSnackbar(t('privacyRequests.admin.declined'), { variant: 'success' });
              onClose();
            },
            onError: (failure) => showErrors(failure, t('common.saveError')),
          },
        );
      }}
      submitLabel={t('privacyRequests.club.decline')}
      isBusy={decide.isPending}
      isSubmitDisabled={reason.trim() === ''}
    >
      <TextField
        label={t('privacyRequests.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={4}
        required
        fullWidth
        autoFocus
      />
    </FormDialog>
  );
}

function Retention() {
  const { t } = useTranslation();
  const setting = usePrivacySetting();
  return (
    <Paper variant="outlined" component="section" aria-label={t('privacyRequests.admin.retention')} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('privacyRequests.admin.retention')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('privacyRequests.admin.retentionText')}
      </Typography>
      {setting.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {setting.isError ? (
        <Alert severity="error">{errorMessages(setting.error, t('common.loadError'))[0]}</Alert>
      ) : null}
      {setting.data ? <RetentionForm months={setting.data.retentionMonths} /> : null}
      <Candidates />
    </Paper>
  );
}

function RetentionForm({ months }: { months: number | null }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSavePrivacySetting();
  const [value, setValue] = useState(months === null ? '' : String(months));
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors([]);
        const trimmed = value.trim();
        save.mutate(
          { retentionMonths: trimmed === '' ? null : Number(trimmed) },
          {
            onSuccess: () => enqueueSnackbar(t('privacyRequests.admin.saved'), { variant: 'success' }),
            onError: (failure) => setErrors(errorMessages(failure, t('common.saveError'))),
          },
        );
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 2 }}
    >
      <TextField
        label={t('privacyRequests.admin.months')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        inputMode="numeric"
        size="small"
        error={errors.length > 0}
        helperText={errors.join(' ') || undefined}
        sx={{ width: 160 }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending}>
        {t('privacyRequests.admin.save')}
      </Button>
    </Box>
  );
}

function Candidates() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const list = useRetentionCandidates(page, perPage);
  const start = useStartRetentionRun();
  const [isConfirming, setIsConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(() => window.sessionStorage.getItem(JOB_STORAGE_KEY));
  const total = list.data?.total ?? 0;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('privacyRequests.admin.candidates')}
      </Typography>
      {list.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {list.data && total === 0 ? <Typography>{t('privacyRequests.admin.noCandidates')}</Typography> : null}
      <List dense disablePadding aria-label={t('privacyRequests.admin.candidates')}>
        {list.data?.items.map((candidate) => (
          <ListItem key={candidate.personId} disableGutters divider>
            <ListItemText
              primary={nameOf(candidate)}
              secondary={
                candidate.lastMembershipEnd
                  ? t('privacyRequests.admin.lastMembershipEnd', {
                      date: formatIsoDate(candidate.lastMembershipEnd, i18n.language),
                    })
                  : t('privacyRequests.admin.neverMember')
              }
            />
          </ListItem>
        ))}
      </List>
      <Pager
        total={total}
        page={page}
        perPage={perPage}
        onPage={setPage}
        onPerPage={(next) => {
          setPerPage(next);
          setPage(0);
        }}
      />
      {total > 0 ? (
        <Button variant="contained" color="error" onClick={() => setIsConfirming(true)} disabled={start.isPending}>
          {t('privacyRequests.admin.run')}
        </Button>
      ) : null}
      {jobId ? (
        <Box sx={{ mt: 2 }}>
          <JobProgress jobId={jobId} label={t('privacyRequests.admin.progress')}>
            {(job) => (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('privacyRequests.admin.result', { count: (job.result as { erased?: number } | null)?.erased ?? 0 })}
              </Typography>
            )}
          </JobProgress>
        </Box>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        title={t('privacyRequests.admin.runTitle')}
        message={t('privacyRequests.admin.runText', { count: total })}
        confirmLabel={t('privacyRequests.admin.run')}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => {
          setIsConfirming(false);
          start.mutate(undefined, {
            onSuccess: (run) => {
              window.sessionStorage.setItem(JOB_STORAGE_KEY, run.jobId);
              setJobId(run.jobId);
            },
            onError: (failure) =>
              enqueueSnackbar(errorMessages(failure, t('common.saveError')).join(' '), { variant: 'error' }),
          });
        }}
      />
    </Box>
  );
}
