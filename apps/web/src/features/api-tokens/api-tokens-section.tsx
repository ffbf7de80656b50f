import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiToken } from '@bpw/domain/schemas/api-token';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api';
import { ApiTokenCreateDialog } from './api-token-create-dialog';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorList } from '../../components/error-list';
import { SecretOnceDialog } from '../../components/secret-once-dialog/secret-once-dialog';

type Props = {
  /** '/api-token' (her own), '/club/{id}/api-token' or '/association/api-token'. */
  ownerPath: string;
  title: string;
  intro: string;
};

/**
 * A list of API tokens with "New token", revoking, and the secret shown once (issue 26,
 * docs/decisions/api-tokens.md). Her own on the Security page, a club's on its page, the
 * association's on the admins' page.
 */
export function ApiTokensSection({ ownerPath, title, intro }: Props) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const tokens = useApiTokens(ownerPath);
  const create = useCreateApiToken(ownerPath);
  const revoke = useRevokeApiToken();
  const { enqueueSnackbar } = useSnackbar();
  const [isCreating, setIsCreating] = useState(false);
  const [createErrors, setCreateErrors] = useState<string[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // The moment the page was opened: a token that expires while it is open shows so on reload.
  const [openedAt] = useState(() => Date.now());
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const stateOf = (token: ApiToken) =>
    token.revokedAt
      ? t('apiTokens.list.revoked', { date: date(token.revokedAt) })
      : new Date(token.expiresAt).getTime() <= openedAt
        ? t('apiTokens.list.expired', { date: date(token.expiresAt) })
        : t('apiTokens.list.expires', { date: date(token.expiresAt) });
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => {
            setCreateErrors([]);
            setIsCreating(true);
          }}
        >
          {t('apiTokens.list.new')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {intro}
      </Typography>
      <ErrorList errors={errors} />
      {tokens.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : !tokens.data ? (
        <ErrorList errors={errorMessages(tokens.error, t('common.clientError'))} />
      ) : tokens.data.items.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('apiTokens.list.none')}
        </Typography>
      ) : (
        <List>
          {tokens.data.items.map((token) => (
            <ListItem key={token.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <ListItemText
                sx={{ flex: '1 1 16rem', overflowWrap: 'anywhere' }}
                primary={`${token.name} (${token.hint}…)`}
                secondary={
                  <Stack component="span">
                    <span>{token.scopes.join(', ')}</span>
                    <span>{stateOf(token)}</span>
                    <span>
                      {token.lastUsedAt
                        ? t('apiTokens.list.lastUsed', { date: dateTime(token.lastUsedAt) })
                        : t('apiTokens.list.neverUsed')}
                    </span>
                  </Stack>
                }
              />
              {token.revokedAt === null && (
                <Button
                  color="inherit"
                  variant="outlined"
                  aria-label={t('apiTokens.list.revokeNamed', { name: token.name })}
                  onClick={() => setRevoking(token)}
                >
                  {t('apiTokens.list.revoke')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ApiTokenCreateDialog
        key={isCreating ? 'open' : 'closed'}
        open={isCreating}
        isBusy={create.isPending}
        errors={createErrors}
        onCancel={() => setIsCreating(false)}
        onCreate={(body) =>
          create.mutate(body, {
            onSuccess: (created) => {
              setIsCreating(false);
              setSecret(created.secret);
            },
            onError: (error) => setCreateErrors(errorMessages(error, t('common.clientError'))),
          })
        }
      />
      <SecretOnceDialog
        secret={secret}
        title={t('apiTokens.secret.title')}
        once={t('apiTokens.secret.once')}
        label={t('apiTokens.secret.label')}
        copiedMessage={t('apiTokens.secret.copied')}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiTokens.revoke.title')}
        message={t('apiTokens.revoke.message', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiTokens.list.revoke')}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const id = revoking?.id;
          setRevoking(null);
          if (!id) return;
          setErrors([]);
          revoke.mutate(id, {
            onSuccess: () => enqueueSnackbar(t('apiTokens.revoke.done'), { variant: 'success' }),
            onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
          });
        }}
      />
    </Paper>
  );
}
