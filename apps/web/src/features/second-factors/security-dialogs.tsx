import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TotpSetup } from '@bpw/domain/second-factors';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { startTotpSetup, useConfirmTotp, useDisableTotp } from './api';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

const isSixDigits = (value: string) => /^\d{6}$/.test(value.replace(/\s+/g, ''));

/** The six-digit code field of the dialogs (one-time-code autofill, digits keyboard). */
function CodeField({
  value,
  onChange,
  showError,
}: {
  value: string;
  onChange: (v: string) => void;
  showError: boolean;
}) {
  const { t } = useTranslation();
  const label = t('secondFactors.totp.code');
  const problem = showError && !isSixDigits(value) ? t('secondFactors.totp.codeHint') : undefined;
  return (
    <TextField
      label={label}
      name="code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      required
      fullWidth
      error={problem !== undefined}
      helperText={problem ?? t('secondFactors.totp.codeHint')}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
    />
  );
}

/** Set up the authenticator app: scan, type the first code; the recovery codes follow. */
export function TotpSetupDialog({
  open,
  onClose,
  onConfirmed,
}: {
  open: boolean;
  onClose: () => void;
  onConfirmed: (recoveryCodes: string[]) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const confirm = useConfirmTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    // Mounted anew for every opening (the page keys it), so its state starts empty.
    if (!open) return;
    let isCurrent = true;
    startTotpSetup().then(
      (started) => isCurrent && setSetup(started),
      (error: unknown) => isCurrent && setErrors(errorMessages(error, t('common.clientError'))),
    );
    return () => {
      isCurrent = false;
    };
  }, [open, t]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!isSixDigits(code)) return;
    setErrors([]);
    confirm.mutate(code.replace(/\s+/g, ''), {
      onSuccess: (result) => onConfirmed(result.recoveryCodes),
      onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('secondFactors.totp.setUp')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('secondFactors.totp.scan')}</DialogContentText>
          <ErrorList errors={errors} />
          {setup ? (
            <>
              <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
                <img src={setup.qrCode} alt={t('secondFactors.totp.qrCode')} width={200} height={200} />
              </Box>
              <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
                {t('secondFactors.totp.manualKey')}{' '}
                <Box component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace' }}>
                  {setup.secret}
                </Box>
              </Typography>
              <CodeField value={code} onChange={setCode} showError={isSubmitted} />
            </>
          ) : errors.length === 0 ? (
            <CircularProgress aria-label={t('app.loading')} />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!setup || confirm.isPending}>
            {t('secondFactors.totp.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Remove the authenticator app: a current code proves she holds it. */
export function CodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!isSixDigits(code)) return;
    disable.mutate(code.replace(/\s+/g, ''), {
      onSuccess: onClose,
      onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
    });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('secondFactors.totp.disable')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('secondFactors.totp.disableMessage')}</DialogContentText>
          <ErrorList errors={errors} />
          <Box sx={{ mt: 1 }}>
            <CodeField value={code} onChange={setCode} showError={isSubmitted} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={disable.isPending}>
            {t('secondFactors.totp.disable')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The ten new recovery codes, shown once. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={codes !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('secondFactors.recovery.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('secondFactors.recovery.intro')}</DialogContentText>
        <Box
          component="ul"
          aria-label={t('secondFactors.recovery.title')}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
            gap: 0.5,
            m: 0,
            p: 0,
            listStyle: 'none',
            fontFamily: 'monospace',
          }}
        >
          {(codes ?? []).map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('secondFactors.recovery.saved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A passkey's name (new or renamed). */
export function NameDialog({
  open,
  title,
  initialName,
  onClose,
  onSave,
}: {
  open: boolean;
  title: string;
  initialName: string;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const label = t('secondFactors.passkeys.name');
  const problem =
    name.trim().length === 0
      ? t('validation.required', { field: label })
      : name.trim().length > 80
        ? t('validation.tooLong', { field: label })
        : undefined;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setIsSubmitted(true);
          if (!problem) onSave(name.trim());
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            label={label}
            name="passkeyName"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            fullWidth
            autoFocus
            margin="dense"
            error={isSubmitted && problem !== undefined}
            helperText={(isSubmitted && problem) || t('secondFactors.passkeys.nameHint')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained">
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
