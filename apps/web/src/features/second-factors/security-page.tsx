import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Passkey, SignInSession } from '@bpw/domain/second-factors';
import { startRegistration } from '@simplewebauthn/browser';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  passkeyRegistrationOptions,
  useEndOtherSessions,
  useEndSession,
  usePasskeys,
  useRegisterPasskey,
  useRemovePasskey,
  useRenamePasskey,
  useRenewRecoveryCodes,
  useSecondFactorStatus,
  useSessions,
} from './api';
import { CodeDialog, NameDialog, RecoveryCodesDialog, TotpSetupDialog } from './security-dialogs';
import { ApiError, errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorList } from '../../components/error-list';
import { PageHeading } from '../../components/page-heading';

const formatDateTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/**
 * /security (issue 21): her authenticator app and recovery codes, her passkeys, and her active
 * sign-ins, each of which she can end. docs/decisions/two-factor.md.
 */
export function SecurityPage({
  extraSections,
}: {
  /** Sections of other features (issue 26: connected apps), composed in app/security-route.tsx. */
  extraSections?: ReactNode;
} = {}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeading titleKey="secondFactors.title" />
      <Stack spacing={3}>
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
        {extraSections}
      </Stack>
      <Typography variant="body2" sx={{ mt: 2 }} color="text.secondary">
        {t('secondFactors.intro')}
      </Typography>
    </Box>
  );
}

function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useSecondFactorStatus();
  const renew = useRenewRecoveryCodes();
  const [dialog, setDialog] = useState<'setup' | 'disable' | 'renew' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  if (status.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (!status.data) return <ErrorList errors={errorMessages(status.error, t('common.clientError'))} />;
  const { hasTotp, passkeyCount, recoveryCodesLeft, isRequired } = status.data;
  const hasFactor = hasTotp || passkeyCount > 0;
  return (
    <Section title={t('secondFactors.totp.title')}>
      <Stack spacing={2}>
        {isRequired && !hasFactor ? <Alert severity="warning">{t('secondFactors.required')}</Alert> : null}
        <Typography variant="body2">
          {hasTotp ? t('secondFactors.totp.active') : t('secondFactors.totp.inactive')}
        </Typography>
        {hasFactor ? (
          <Typography variant="body2">{t('secondFactors.recovery.left', { count: recoveryCodesLeft })}</Typography>
        ) : null}
        <ErrorList errors={errors} />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {hasTotp ? (
            <Button variant="outlined" color="inherit" onClick={() => setDialog('disable')}>
              {t('secondFactors.totp.disable')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setDialog('setup')}>
              {t('secondFactors.totp.setUp')}
            </Button>
          )}
          {hasFactor ? (
            <Button variant="outlined" color="inherit" onClick={() => setDialog('renew')}>
              {t('secondFactors.recovery.renew')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <TotpSetupDialog
        key={dialog === 'setup' ? 'setup' : 'closed'}
        open={dialog === 'setup'}
        onClose={() => setDialog(null)}
        onConfirmed={(recoveryCodes) => {
          setDialog(null);
          setCodes(recoveryCodes);
        }}
      />
      <CodeDialog
        key={dialog === 'disable' ? 'disable' : 'closed'}
        open={dialog === 'disable'}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'renew'}
        title={t('secondFactors.recovery.renew')}
        message={t('secondFactors.recovery.renewMessage')}
        confirmLabel={t('secondFactors.recovery.renew')}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          setErrors([]);
          renew.mutate(undefined, {
            onSuccess: (result) => setCodes(result.recoveryCodes),
            onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
          });
        }}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Section>
  );
}

function PasskeysSection() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const passkeys = usePasskeys();
  const register = useRegisterPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [isNaming, setIsNaming] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const fail = (error: unknown) =>
    setErrors(
      error instanceof ApiError
        ? errorMessages(error, t('common.clientError'))
        : [t('secondFactors.passkeys.cancelled')],
    );

  const add = async (name: string) => {
    setIsNaming(false);
    setErrors([]);
    try {
      const options = await passkeyRegistrationOptions();
      const credential = await startRegistration({
        optionsJSON: options.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      await register.mutateAsync({ name, challengeToken: options.challengeToken, credential });
      enqueueSnackbar(t('secondFactors.passkeys.added'), { variant: 'success' });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Section
      title={t('secondFactors.passkeys.title')}
      action={
        <Button variant="contained" onClick={() => setIsNaming(true)} disabled={register.isPending}>
          {t('secondFactors.passkeys.add')}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('secondFactors.passkeys.intro')}
      </Typography>
      <ErrorList errors={errors} />
      {passkeys.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : passkeys.data && passkeys.data.items.length > 0 ? (
        <List aria-label={t('secondFactors.passkeys.title')}>
          {passkeys.data.items.map((passkey) => (
            <ListItem key={passkey.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={passkey.name}
                secondary={t('secondFactors.passkeys.details', {
                  created: formatDateTime(passkey.createdAt, i18n.language),
                  used: passkey.lastUsedAt
                    ? formatDateTime(passkey.lastUsedAt, i18n.language)
                    : t('secondFactors.never'),
                })}
                sx={{ minWidth: 200 }}
              />
              <Stack direction="row" sx={{ gap: 1 }}>
                <Button
                  size="small"
                  color="inherit"
                  onClick={() => setRenaming(passkey)}
                  aria-label={t('secondFactors.passkeys.renameOf', { name: passkey.name })}
                >
                  {t('secondFactors.passkeys.rename')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRemoving(passkey)}
                  aria-label={t('secondFactors.passkeys.removeOf', { name: passkey.name })}
                >
                  {t('secondFactors.passkeys.remove')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('secondFactors.passkeys.none')}
        </Typography>
      )}
      <NameDialog
        key={isNaming ? 'naming' : 'closed'}
        open={isNaming}
        title={t('secondFactors.passkeys.add')}
        initialName=""
        onClose={() => setIsNaming(false)}
        onSave={(name) => void add(name)}
      />
      <NameDialog
        key={renaming?.id ?? 'closed'}
        open={renaming !== null}
        title={t('secondFactors.passkeys.rename')}
        initialName={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSave={(name) => {
          const id = renaming!.id;
          setRenaming(null);
          setErrors([]);
          rename.mutate({ id, name }, { onError: fail });
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('secondFactors.passkeys.remove')}
        message={t('secondFactors.passkeys.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('secondFactors.passkeys.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const id = removing!.id;
          setRemoving(null);
          setErrors([]);
          remove.mutate(id, { onError: fail });
        }}
      />
    </Section>
  );
}

function sessionDevice(session: SignInSession, unknown: string) {
  const parts = [session.browser, session.system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : unknown;
}

function SessionsSection() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<SignInSession | 'others' | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const items = sessions.data?.items ?? [];
  const hasOthers = items.some((session) => !session.isCurrent);
  const onError = (error: unknown) => setErrors(errorMessages(error, t('common.clientError')));
  return (
    <Section
      title={t('secondFactors.sessions.title')}
      action={
        hasOthers ? (
          <Button variant="outlined" color="inherit" onClick={() => setEnding('others')}>
            {t('secondFactors.sessions.endOthers')}
          </Button>
        ) : null
      }
    >
      <ErrorList errors={errors} />
      {sessions.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : (
        <List aria-label={t('secondFactors.sessions.title')}>
          {items.map((session) => (
            <ListItem key={session.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={
                  <>
                    {sessionDevice(session, t('secondFactors.sessions.unknownDevice'))}
                    {session.isCurrent ? (
                      <Chip size="small" color="primary" label={t('secondFactors.sessions.current')} sx={{ ml: 1 }} />
                    ) : null}
                  </>
                }
                secondary={t('secondFactors.sessions.details', {
                  address: session.ipAddress ?? t('secondFactors.sessions.unknownAddress'),
                  used: formatDateTime(session.lastUsedAt, i18n.language),
                  created: formatDateTime(session.createdAt, i18n.language),
                })}
                sx={{ minWidth: 200 }}
              />
              {session.isCurrent ? null : (
                <Button
                  size="small"
                  color="error"
                  onClick={() => setEnding(session)}
                  aria-label={t('secondFactors.sessions.endOf', {
                    device: sessionDevice(session, t('secondFactors.sessions.unknownDevice')),
                  })}
                >
                  {t('secondFactors.sessions.end')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={ending === 'others' ? t('secondFactors.sessions.endOthers') : t('secondFactors.sessions.end')}
        message={
          ending === 'others' ? t('secondFactors.sessions.endOthersMessage') : t('secondFactors.sessions.endMessage')
        }
        confirmLabel={ending === 'others' ? t('secondFactors.sessions.endOthers') : t('secondFactors.sessions.end')}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          const target = ending;
          setEnding(null);
          setErrors([]);
          const done = () => enqueueSnackbar(t('secondFactors.sessions.ended'), { variant: 'success' });
          if (target === 'others') endOthers.mutate(undefined, { onSuccess: done, onError });
          else if (target) endOne.mutate(target.id, { onSuccess: done, onError });
        }}
      />
    </Section>
  );
}
