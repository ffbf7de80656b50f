import { isoDateOf } from '@bpw/domain/date-input';
import { isMemberType } from '@bpw/domain/enums/membership-type';
import { defaultLeaveEnd } from '@bpw/domain/schemas/privacy-request';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useMyClubRelations,
  useOwnErasureRequest,
  useOwnLeaveRequests,
  useRequestErasure,
  useRequestLeave,
  useWithdrawErasure,
  useWithdrawLeave,
} from './api';
import { usePrivacyRequestTexts } from './use-privacy-request-texts';
import { DateInput } from '../../components/date-input';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { useAuth } from '../../lib/auth-store';
import { formatIsoDate } from '../../lib/dates';

/**
 * My page (issue 25, docs/decisions/erasure.md): asking to leave a club she is a member of, and
 * asking for her account to be erased, each with its pending request and "withdraw".
 */
export default function MyPrivacyRequestsSection() {
  const isReady = usePrivacyRequestTexts();
  const personId = useAuth()?.personId ?? '';
  if (!isReady || !personId) return null;
  return (
    <>
      <LeaveSection personId={personId} />
      <ErasureSection />
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function LeaveSection({ personId }: { personId: string }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const relations = useMyClubRelations(personId);
  const requests = useOwnLeaveRequests();
  const withdraw = useWithdrawLeave();
  const [asking, setAsking] = useState<{ clubId: string; clubName: string } | null>(null);
  const today = isoDateOf(new Date(), 'Europe/Zurich');
  const clubs = new Map<string, string>();
  for (const relation of relations.data ?? []) {
    const isCurrent = relation.to === null || relation.to >= today;
    if (isCurrent && isMemberType(relation.type)) clubs.set(relation.clubId, relation.club.name);
  }
  const pendingOf = (clubId: string) => requests.data?.items.find((r) => r.clubId === clubId);
  return (
    <Section title={t('privacyRequests.leave.title')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('privacyRequests.leave.text')}
      </Typography>
      {relations.isPending || requests.isPending ? <CircularProgress size={24} aria-label={t('app.loading')} /> : null}
      {relations.isSuccess && clubs.size === 0 ? (
        <Typography color="text.secondary">{t('privacyRequests.leave.none')}</Typography>
      ) : null}
      {clubs.size > 0 && requests.isSuccess ? (
        <List dense disablePadding aria-label={t('privacyRequests.leave.title')}>
          {[...clubs].map(([clubId, clubName]) => {
            const pending = pendingOf(clubId);
            return (
              <ListItem key={clubId} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={clubName}
                  secondary={
                    pending
                      ? t('privacyRequests.leave.pending', { date: formatIsoDate(pending.wishedEnd, i18n.language) })
                      : null
                  }
                />
                {pending ? (
                  <Button
                    variant="outlined"
                    color="inherit"
                    disabled={withdraw.isPending}
                    onClick={() =>
                      withdraw.mutate(pending.id, {
                        onSuccess: () => enqueueSnackbar(t('privacyRequests.leave.withdrawn'), { variant: 'success' }),
                        onError: () => enqueueSnackbar(t('common.saveError'), { variant: 'error' }),
                      })
                    }
                  >
                    {t('privacyRequests.leave.withdraw')}
                  </Button>
                ) : (
                  <Button
                    variant="outlined"
                    aria-label={t('privacyRequests.leave.askFor', { club: clubName })}
                    onClick={() => setAsking({ clubId, clubName })}
                  >
                    {t('privacyRequests.leave.ask')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      ) : null}
      {asking ? <LeaveDialog {...asking} today={today} onClose={() => setAsking(null)} /> : null}
    </Section>
  );
}

function LeaveDialog({
  clubId,
  clubName,
  today,
  onClose,
}: {
  clubId: string;
  clubName: string;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const request = useRequestLeave();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const [message, setMessage] = useState('');
  const [wishedEnd, setWishedEnd] = useState<string | null>(defaultLeaveEnd(today));
  const submit = () => {
    clearErrors();
    request.mutate(
      { clubId, message, wishedEnd },
      {
        onSuccess: () => {
          enqueueSnackbar(t('privacyRequests.leave.sent'), { variant: 'success' });
          onClose();
        },
        onError: (failure) => showErrors(failure, t('common.saveError')),
      },
    );
  };
  return (
    <FormDialog
      title={t('privacyRequests.leave.askFor', { club: clubName })}
      errors={errors}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('privacyRequests.leave.submit')}
      isBusy={request.isPending}
      isSubmitDisabled={!wishedEnd}
    >
      <Stack spacing={2}>
        <DateInput
          label={t('privacyRequests.leave.wishedEnd')}
          value={wishedEnd}
          onChange={setWishedEnd}
          required
          fullWidth
        />
        <TextField
          label={t('privacyRequests.leave.message')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          multiline
          minRows={3}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}

function ErasureSection() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const own = useOwnErasureRequest();
  const withdraw = useWithdrawErasure();
  const [isAsking, setIsAsking] = useState(false);
  const requestedAt = own.data?.requestedAt ?? null;
  return (
    <Section title={t('privacyRequests.erasure.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('privacyRequests.erasure.text')}
      </Typography>
      {own.isPending ? <CircularProgress size={24} aria-label={t('app.loading')} /> : null}
      {own.isSuccess && requestedAt ? (
        <Box>
          <Typography role="status" sx={{ mb: 1 }}>
            {t('privacyRequests.erasure.pending', { date: formatIsoDate(requestedAt.slice(0, 10), i18n.language) })}
          </Typography>
          <Button
            variant="outlined"
            color="inherit"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(undefined, {
                onSuccess: () => enqueueSnackbar(t('privacyRequests.erasure.withdrawn'), { variant: 'success' }),
                onError: () => enqueueSnackbar(t('common.saveError'), { variant: 'error' }),
              })
            }
          >
            {t('privacyRequests.erasure.withdraw')}
          </Button>
        </Box>
      ) : null}
      {own.isSuccess && !requestedAt ? (
        <Button variant="outlined" color="error" onClick={() => setIsAsking(true)}>
          {t('privacyRequests.erasure.ask')}
        </Button>
      ) : null}
      {isAsking ? <ErasureDialog onClose={() => setIsAsking(false)} /> : null}
    </Section>
  );
}

function ErasureDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const request = useRequestErasure();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const [password, setPassword] = useState('');
  const submit = () => {
    clearErrors();
    request.mutate(
      { password },
      {
        onSuccess: () => {
          enqueueSnackbar(t('privacyRequests.erasure.sent'), { variant: 'success' });
          onClose();
        },
        onError: (failure) => showErrors(failure, t('common.saveError')),
      },
    );
  };
  return (
    <FormDialog
      title={t('privacyRequests.erasure.title')}
      description={t('privacyRequests.erasure.text')}
      errors={errors}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('privacyRequests.erasure.submit')}
      isBusy={request.isPending}
      isSubmitDisabled={password === ''}
    >
      <TextField
        label={t('privacyRequests.erasure.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
        fullWidth
        autoFocus
      />
    </FormDialog>
  );
}
