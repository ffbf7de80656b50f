import { ValidationCode, strongPassword } from '@bpw/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useChangePassword } from './api/change-password';
import { PersonDetailDialog } from './person-detail-dialog';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { PasswordField } from '../../components/password-field';

const c = ValidationCode;

/** Spec 01 §5 "Change password"; the own account also confirms the current one (DESIGN). */
const passwordSchema = (isOwn: boolean) =>
  z
    .object({
      currentPassword: isOwn ? z.string().min(1, { error: c.required }) : z.string(),
      password: strongPassword(),
      repeat: z.string().min(1, { error: c.required }),
    })
    .refine((values) => values.password === values.repeat, { path: ['repeat'], error: c.passwordsDiffer });
type PasswordValues = z.input<ReturnType<typeof passwordSchema>>;

interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
  personId: string;
  isOwn: boolean;
}

export function PasswordDialog({ open, onClose, personId, isOwn }: PasswordDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [errors, setErrors] = useState<string[]>([]);
  const changePassword = useChangePassword();
  const { control, handleSubmit, formState, reset } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema(isOwn)),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', repeat: '' },
  });
  const close = () => {
    reset();
    setErrors([]);
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    setErrors([]);
    try {
      await changePassword.mutateAsync({
        userId: personId,
        password: values.password,
        ...(isOwn ? { currentPassword: values.currentPassword } : {}),
      });
      enqueueSnackbar(t('auth.passwordChanged'), { variant: 'success' });
      close();
    } catch (error) {
      // Spec 01 §8: "Error changing password." plus the errors list from the response.
      enqueueSnackbar(t('auth.passwordChangeFailed'), { variant: 'error' });
      setErrors(errorMessages(error, t('common.clientError')));
    }
  });
  const isBusy = changePassword.isPending;
  return (
    <PersonDetailDialog
      open={open}
      onClose={close}
      title={t('personDetail.menu.password')}
      onSubmit={() => void submit()}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ErrorList title={t('auth.passwordChangeFailed')} errors={errors} />
        {isOwn ? (
          <PasswordField
            control={control}
            name="currentPassword"
            label={t('personDetail.password.current')}
            autoComplete="current-password"
            disabled={isBusy}
          />
        ) : null}
        <PasswordField
          control={control}
          name="password"
          label={t('auth.newPassword')}
          autoComplete="new-password"
          helperText={t('auth.passwordRule')}
          disabled={isBusy}
        />
        <PasswordField
          control={control}
          name="repeat"
          label={t('auth.repeatPassword')}
          autoComplete="new-password"
          disabled={isBusy}
        />
      </Stack>
    </PersonDetailDialog>
  );
}
