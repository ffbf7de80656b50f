import type { LeaveRequest } from '@bpw/domain/schemas/privacy-request';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClubLeaveRequests, useDecideLeave } from './api';
import { usePrivacyRequestTexts } from './use-privacy-request-texts';
import { DateInput } from '../../components/date-input';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { formatIsoDate } from '../../lib/dates';

const nameOf = (r: LeaveRequest) => [r.firstname, r.lastname].filter(Boolean).join(' ');

/** The club page's tab (issue 25): the pending leave requests, paged, with confirm and decline. */
export default function ClubLeaveRequestsPanel({ clubId }: { clubId: string }) {
  const { t } = useTranslation();
  const isReady = usePrivacyRequestTexts();
  return isReady ? <Panel clubId={clubId} /> : <CircularProgress aria-label={t('app.loading')} />;
}

function Panel({ clubId }: { clubId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const list = useClubLeaveRequests(clubId, page, perPage);
  const [decision, setDecision] = useState<{ request: LeaveRequest; kind: 'confirm' | 'decline' } | null>(null);
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('privacyRequests.club.title')}
      </Typography>
      {list.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {list.isError ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
      {list.data && list.data.total === 0 ? <Typography>{t('privacyRequests.club.empty')}</Typography> : null}
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.data?.items.map((request) => (
          <Paper key={request.id} component="li" variant="outlined" sx={{ p: 2 }} aria-label={nameOf(request)}>
            <Stack spacing={1}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {nameOf(request)}
              </Typography>
              <Typography variant="body2">
                {t('privacyRequests.club.wishedEnd', { date: formatIsoDate(request.wishedEnd, i18n.language) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('privacyRequests.club.requestedAt', {
                  date: formatIsoDate(request.createdAt.slice(0, 10), i18n.language),
                })}
              </Typography>
              {request.message ? (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {request.message}
                </Typography>
              ) : null}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="contained" onClick={() => setDecision({ request, kind: 'confirm' })}>
                  {t('privacyRequests.club.confirm')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setDecision({ request, kind: 'decline' })}>
                  {t('privacyRequests.club.decline')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {list.data && list.data.total > 0 ? (
        <TablePagination
          component="div"
          count={list.data.total}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={perPage}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[10, 20, 50]}
          labelRowsPerPage={t('privacyRequests.perPage')}
        />
      ) : null}
      {decision ? (
        <LeaveDecisionDialog request={decision.request} kind={decision.kind} onClose={() => setDecision(null)} />
      ) : null}
    </Box>
  );
}

function LeaveDecisionDialog({
  request,
  kind,
  onClose,
}: {
  request: LeaveRequest;
  kind: 'confirm' | 'decline';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const decide = useDecideLeave(request.id);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const [end, setEnd] = useState<string | null>(request.wishedEnd);
  const [reason, setReason] = useState('');
  const submit = () => {
    clearErrors();
    decide.mutate(kind === 'confirm' ? { kind, body: { end } } : { kind, body: { reason } }, {
      onSuccess: () => {
        enqueueSnackbar(t(kind === 'confirm' ? 'privacyRequests.club.confirmed' : 'privacyRequests.club.declined'), {
          variant: 'success',
        });
        onClose();
      },
      onError: (failure) => showErrors(failure, t('common.saveError')),
    });
  };
  return (
    <FormDialog
      title={t(kind === 'confirm' ? 'privacyRequests.club.confirmTitle' : 'privacyRequests.club.declineTitle')}
      subtitle={nameOf(request)}
      errors={errors}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t(kind === 'confirm' ? 'privacyRequests.club.confirm' : 'privacyRequests.club.decline')}
      isBusy={decide.isPending}
      isSubmitDisabled={kind === 'confirm' ? !end : reason.trim() === ''}
    >
      {kind === 'confirm' ? (
        <DateInput label={t('privacyRequests.club.end')} value={end} onChange={setEnd} required fullWidth />
      ) : (
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
      )}
    </FormDialog>
  );
}
