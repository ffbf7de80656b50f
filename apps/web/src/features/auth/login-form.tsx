import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuthenticate } from './api/authenticate';
import { loginSchema, type LoginValues } from './auth-schemas';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { FormTextField } from '../../components/form-text-field';
import { PasswordField } from '../../components/password-field';
import { TermsDialog } from '../../components/terms-dialog';

interface LoginFormProps {
  onSignedIn: (tokens: { token: string; refreshToken: string }) => Promise<void>;
  onForgotPassword: (username: string) => void;
  onBusyChange: (isBusy: boolean) => void;
}

/** Username, password, terms and the Login button, enabled only when valid (spec 01 §2, §5). */
export function LoginForm({ onSignedIn, onForgotPassword, onBusyChange }: LoginFormProps) {
  const { t } = useTranslation();
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const authenticate = useAuthenticate();
  const { control, handleSubmit, getValues, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '', acceptedTerms: false },
  });
  const isBusy = authenticate.isPending || formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    setErrors([]);
    onBusyChange(true);
    try {
      const tokens = await authenticate.mutateAsync({ username: values.username, password: values.password });
      await onSignedIn(tokens);
    } catch (error) {
      setErrors(errorMessages(error, t('common.clientError')));
    } finally {
      onBusyChange(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <ErrorList title={t('auth.loginFailed')} errors={errors} />
        <FormTextField
          control={control}
          name="username"
          label={t('auth.username')}
          type="email"
          autoComplete="username"
          disabled={isBusy}
          autoFocus
        />
        <PasswordField
          control={control}
          name="password"
          label={t('auth.password')}
          autoComplete="current-password"
          disabled={isBusy}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <Controller
            control={control}
            name="acceptedTerms"
            render={({ field }) => (
              <FormControlLabel
                label={t('auth.acceptTerms')}
                disabled={isBusy}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
              />
            )}
          />
          <Button
            size="small"
            color="inherit"
            disabled={isBusy}
            onClick={() => setIsTermsOpen(true)}
            sx={{ textDecoration: 'underline' }}
          >
            {t('auth.readTerms')}
          </Button>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={!formState.isValid || isBusy}>
          {t('auth.login')}
        </Button>
        <Button color="inherit" disabled={isBusy} onClick={() => onForgotPassword(getValues('username'))}>
          {t('auth.forgotPassword')}
        </Button>
      </Stack>
      <TermsDialog open={isTermsOpen} onClose={() => setIsTermsOpen(false)} />
    </Box>
  );
}
