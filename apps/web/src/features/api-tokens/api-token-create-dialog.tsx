import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ApiTokenScope, type CreateApiTokenBody, apiTokenScopes } from '@bpw/domain/schemas/api-token';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../components/error-list';

const expiryChoices = [30, 90, 180, 365] as const;

type Props = {
  open: boolean;
  isBusy: boolean;
  errors: string[];
  onCancel: () => void;
  onCreate: (body: CreateApiTokenBody) => void;
};

/** Name, scopes and expiry of a new token (docs/decisions/api-tokens.md). */
export function ApiTokenCreateDialog({ open, isBusy, errors, onCancel, onCreate }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['persons:read']);
  const [expiresInDays, setExpiresInDays] = useState<number>(90);
  const toggle = (scope: ApiTokenScope) =>
    setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onCreate({ name, scopes, expiresInDays });
        }}
      >
        <DialogTitle id={titleId}>{t('apiTokens.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ErrorList errors={errors} />
            <TextField
              label={t('apiTokens.create.name')}
              helperText={t('apiTokens.create.nameHint')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('apiTokens.create.scopes')}</FormLabel>
              <FormGroup>
                {apiTokenScopes.map((scope) => (
                  <FormControlLabel
                    key={scope}
                    control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />}
                    label={t(`apiTokens.scopes.${scope.replace(':', '_')}`)}
                  />
                ))}
              </FormGroup>
            </FormControl>
            <TextField
              select
              label={t('apiTokens.create.expiry')}
              value={expiresInDays}
              onChange={(event) => setExpiresInDays(Number(event.target.value))}
            >
              {expiryChoices.map((days) => (
                <MenuItem key={days} value={days}>
                  {t('apiTokens.create.days', { count: days })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy || name.trim() === '' || scopes.length === 0}>
            {t('apiTokens.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
