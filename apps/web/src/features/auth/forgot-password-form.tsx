import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from './api/request-password-reset';
import { forgotPasswordSchema, type ForgotPasswordValues } from './auth-schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormTextField } from '../../components/form-text-field';

interface ForgotPasswordFormProps {
  initialEmail: string;
  onSent: () => void;
  onBack: () => void;
  onBusyChange: (isBusy: boolean) => void;
}

/** Forgot-password mode: asks for confirmation, then mails a link (spec 01 §2, §4; DESIGN). */
export function ForgotPasswordForm({ initialEmail, onSent, onBack, onBusyChange }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const requestReset = useRequestPasswordReset();
  const { control, handleSubmit, formState } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: initialEmail },
  });
  const isBusy = requestReset.isPending;

  const send = async (email: string) => {
    setPendingEmail(null);
    setHasFailed(false);
    onBusyChange(true);
    try {
      await requestReset.mutateAsync(email);
      onSent();
    } catch {
      setHasFailed(true); // spec 01 §8: a single client-side error message
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => setPendingEmail(values.email))}>
      <Stack spacing={2}>
        {hasFailed ? <Alert severity="error">{t('common.clientError')}</Alert> : null}
        <Typography variant="body2">{t('auth.forgotIntro')}</Typography>
        <FormTextField
          control={control}
          name="email"
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          disabled={isBusy}
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" disabled={!formState.isValid || isBusy}>
          {t('auth.sendNewPassword')}
        </Button>
        <Button color="inherit" onClick={onBack} disabled={isBusy}>
          {t('auth.back')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={pendingEmail !== null}
        title={t('auth.confirmResetTitle')}
        message={t('auth.confirmResetMessage', { email: pendingEmail ?? '' })}
        confirmLabel={t('auth.sendNewPassword')}
        onConfirm={() => void send(pendingEmail ?? '')}
        onCancel={() => setPendingEmail(null)}
      />
    </Box>
  );
}
