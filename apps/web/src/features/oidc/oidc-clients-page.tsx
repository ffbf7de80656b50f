import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type OidcClient,
  type OidcClientCreated,
  canManageOidcClients,
  oidcOptionalScopes,
  oidcTokenEndpointAuthMethods,
} from '@bpw/domain/schemas/oidc';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import {
  useChangeOidcClient,
  useCreateOidcClient,
  useDeleteOidcClient,
  useOidcClients,
  useRenewOidcSecret,
} from './api';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorList } from '../../components/error-list';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

/**
 * /oidc-clients (issue 26, admins): the applications whose users sign in with their account here
 * (OpenID Connect): register, edit, disable, delete; a secret is shown once. docs/decisions/oidc.md.
 */
export function OidcClientsPage() {
  const { t } = useTranslation();
  const actor = useActor();
  const clients = useOidcClients();
  const [editing, setEditing] = useState<OidcClient | 'new' | null>(null);
  const [secret, setSecret] = useState<OidcClientCreated | null>(null);
  const [deleting, setDeleting] = useState<OidcClient | null>(null);
  const [renewing, setRenewing] = useState<OidcClient | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const remove = useDeleteOidcClient();
  const renew = useRenewOidcSecret();
  const { enqueueSnackbar } = useSnackbar();
  if (!canManageOidcClients(actor)) return <Navigate to="/" replace />;
  const discoveryUrl = `${window.location.origin}/oidc/.well-known/openid-configuration`;
  return (
    <Box>
      <PageHeading
        titleKey="oidc.clients.title"
        action={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('oidc.clients.create')}
          </Button>
        }
      />
      <Typography sx={{ mb: 1 }}>{t('oidc.clients.intro')}</Typography>
      <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {t('oidc.clients.discovery')}: <code>{discoveryUrl}</code>
      </Typography>
      <ErrorList errors={errors} />
      {clients.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : !clients.data ? (
        <ErrorList errors={errorMessages(clients.error, t('common.clientError'))} />
      ) : clients.data.items.length === 0 ? (
        <Typography>{t('oidc.clients.none')}</Typography>
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={t('oidc.clients.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('oidc.fields.name')}</TableCell>
                <TableCell>{t('oidc.fields.clientId')}</TableCell>
                <TableCell>{t('oidc.fields.kind')}</TableCell>
                <TableCell>{t('oidc.fields.isEnabled')}</TableCell>
                <TableCell>{t('oidc.clients.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.data.items.map((client) => (
                <TableRow key={client.id}>
                  <TableCell component="th" scope="row">
                    {client.name}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <code>{client.id}</code>
                  </TableCell>
                  <TableCell>{t(client.isPublic ? 'oidc.clients.public' : 'oidc.clients.confidential')}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={client.isEnabled ? 'success' : 'default'}
                      label={t(client.isEnabled ? 'oidc.clients.enabled' : 'oidc.clients.disabled')}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                      <Button
                        size="small"
                        onClick={() => setEditing(client)}
                        aria-label={`${t('oidc.clients.edit')}: ${client.name}`}
                      >
                        {t('oidc.clients.edit')}
                      </Button>
                      {client.isPublic ? null : (
                        <Button
                          size="small"
                          onClick={() => setRenewing(client)}
                          aria-label={`${t('oidc.clients.renew')}: ${client.name}`}
                        >
                          {t('oidc.clients.renew')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(client)}
                        aria-label={`${t('oidc.clients.delete')}: ${client.name}`}
                      >
                        {t('oidc.clients.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? (
        <OidcClientDialog
          client={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => setSecret(created)}
        />
      ) : null}
      <SecretDialog created={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('oidc.clients.deleteTitle')}
        message={t('oidc.clients.deleteMessage', { app: deleting?.name ?? '' })}
        confirmLabel={t('oidc.clients.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting?.id;
          setDeleting(null);
          if (!id) return;
          setErrors([]);
          remove.mutate(id, {
            onSuccess: () => enqueueSnackbar(t('oidc.clients.deleted'), { variant: 'success' }),
            onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
          });
        }}
      />
      <ConfirmDialog
        open={renewing !== null}
        title={t('oidc.clients.renewTitle')}
        message={t('oidc.clients.renewMessage', { app: renewing?.name ?? '' })}
        confirmLabel={t('oidc.clients.renew')}
        onCancel={() => setRenewing(null)}
        onConfirm={() => {
          const id = renewing?.id;
          setRenewing(null);
          if (!id) return;
          setErrors([]);
          renew.mutate(id, {
            onSuccess: (created) => setSecret(created),
            onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
          });
        }}
      />
    </Box>
  );
}

type FormState = {
  name: string;
  redirectUris: string;
  scopes: string[];
  isEnabled: boolean;
  isPublic: boolean;
  tokenEndpointAuthMethod: (typeof oidcTokenEndpointAuthMethods)[number];
};

/** Register (with its kind) or edit an application; the server checks every field. */
function OidcClientDialog({
  client,
  onClose,
  onCreated,
}: {
  client: OidcClient | null;
  onClose: () => void;
  onCreated: (created: OidcClientCreated) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const create = useCreateOidcClient();
  const change = useChangeOidcClient();
  const scopesLabelId = useId();
  const [form, setForm] = useState<FormState>({
    name: client?.name ?? '',
    redirectUris: client?.redirectUris.join('\n') ?? '',
    scopes: client?.scopes ?? ['profile', 'email'],
    isEnabled: client?.isEnabled ?? true,
    isPublic: client?.isPublic ?? false,
    tokenEndpointAuthMethod: 'client_secret_basic',
  });
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const isBusy = create.isPending || change.isPending;
  const submit = async () => {
    clearErrors();
    const body = {
      name: form.name,
      redirectUris: form.redirectUris
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      scopes: form.scopes as (typeof oidcOptionalScopes)[number][],
      isEnabled: form.isEnabled,
    };
    try {
      if (client) {
        await change.mutateAsync({ id: client.id, body });
        enqueueSnackbar(t('oidc.clients.updated'), { variant: 'success' });
        onClose();
      } else {
        const created = await create.mutateAsync({
          ...body,
          isPublic: form.isPublic,
          tokenEndpointAuthMethod: form.tokenEndpointAuthMethod,
        });
        enqueueSnackbar(t('oidc.clients.created'), { variant: 'success' });
        onClose();
        onCreated(created);
      }
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  return (
    <FormDialog
      title={t(client ? 'oidc.form.editTitle' : 'oidc.form.createTitle')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('oidc.form.save')}
      isBusy={isBusy}
    >
      <TextField
        label={t('oidc.fields.name')}
        value={form.name}
        onChange={(event) => set('name', event.target.value)}
        required
        autoFocus
        fullWidth
        disabled={isBusy}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label={t('oidc.fields.redirectUris')}
        helperText={t('oidc.fields.redirectUrisHint')}
        value={form.redirectUris}
        onChange={(event) => set('redirectUris', event.target.value)}
        required
        multiline
        minRows={2}
        fullWidth
        disabled={isBusy}
        onKeyDown={(event) => {
          // Enter adds a line here instead of submitting the form.
          if (event.key === 'Enter') event.stopPropagation();
        }}
      />
      <FormControl component="fieldset" disabled={isBusy}>
        <FormLabel component="legend" id={scopesLabelId}>
          {t('oidc.fields.scopes')}
        </FormLabel>
        <FormGroup aria-labelledby={scopesLabelId}>
          {oidcOptionalScopes.map((scope) => (
            <FormControlLabel
              key={scope}
              control={
                <Checkbox
                  checked={form.scopes.includes(scope)}
                  onChange={(event) =>
                    set(
                      'scopes',
                      event.target.checked ? [...form.scopes, scope] : form.scopes.filter((s) => s !== scope),
                    )
                  }
                />
              }
              label={`${scope}: ${t(`oidc.scopes.${scope}`)}`}
            />
          ))}
        </FormGroup>
      </FormControl>
      {client ? null : (
        <>
          <FormControlLabel
            control={<Switch checked={form.isPublic} onChange={(event) => set('isPublic', event.target.checked)} />}
            label={t('oidc.fields.isPublic')}
            disabled={isBusy}
          />
          {form.isPublic ? null : (
            <TextField
              select
              label={t('oidc.fields.authMethod')}
              value={form.tokenEndpointAuthMethod}
              onChange={(event) =>
                set('tokenEndpointAuthMethod', event.target.value as FormState['tokenEndpointAuthMethod'])
              }
              fullWidth
              disabled={isBusy}
            >
              {oidcTokenEndpointAuthMethods.map((method) => (
                <MenuItem key={method} value={method}>
                  {t(method === 'client_secret_basic' ? 'oidc.fields.basic' : 'oidc.fields.post')}
                </MenuItem>
              ))}
            </TextField>
          )}
        </>
      )}
      <FormControlLabel
        control={<Switch checked={form.isEnabled} onChange={(event) => set('isEnabled', event.target.checked)} />}
        label={t('oidc.fields.isEnabled')}
        disabled={isBusy}
      />
    </FormDialog>
  );
}

/** The client id and, this once, the secret. */
function SecretDialog({ created, onClose }: { created: OidcClientCreated | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={created !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('oidc.secret.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {created?.clientSecret ? t('oidc.secret.intro') : t('oidc.secret.noSecret')}
          </DialogContentText>
          <TextField
            label={t('oidc.fields.clientId')}
            value={created?.id ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          {created?.clientSecret ? (
            <TextField
              label={t('oidc.fields.clientSecret')}
              value={created.clientSecret}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'client-secret' } }}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('oidc.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
