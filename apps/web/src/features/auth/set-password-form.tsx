import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSetPassword } from './api/set-password';
import { setPasswordSchema, type SetPasswordValues } from './auth-schemas';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { NewPasswordFields } from '../../components/password-field';

/** New password and its repeat (spec 01 §5, change password rules). */
export function SetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<string[]>([]);
  const setPassword = useSetPassword();
  const { control, handleSubmit, formState } = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', repeat: '' },
  });
  const isBusy = setPassword.isPending;

  const onSubmit = handleSubmit(async ({ password }) => {
    setErrors([]);
    try {
      await setPassword.mutateAsync({ token, password });
      onDone();
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={isBusy}>
      <Stack spacing={2}>
        {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
        <ErrorList errors={errors} />
        <NewPasswordFields control={control} disabled={isBusy} />
        <Button type="submit" variant="contained" size="large" disabled={!formState.isValid || isBusy}>
          {t('auth.savePassword')}
        </Button>
      </Stack>
    </Box>
  );
}
