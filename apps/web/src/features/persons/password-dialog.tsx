import { ValidationCode, strongPassword } from '@bpw/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useChangePassword } from './api/change-password';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { NewPasswordFields, PasswordField } from '../../components/password-field';

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
  onClose: () => void;
  personId: string;
  isOwn: boolean;
}

/** Mount it while open. */
export function PasswordDialog({ onClose, personId, isOwn }: PasswordDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const changePassword = useChangePassword();
  const { control, handleSubmit, formState } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema(isOwn)),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', repeat: '' },
  });
  const submit = handleSubmit(async (values) => {
    clearErrors();
    try {
      await changePassword.mutateAsync({
        userId: personId,
        password: values.password,
        ...(isOwn ? { currentPassword: values.currentPassword } : {}),
      });
      enqueueSnackbar(t('auth.passwordChanged'), { variant: 'success' });
      onClose();
    } catch (error) {
      // Spec 01 §8: "Error changing password." plus the errors list from the response.
      showErrors(error, t('auth.passwordChangeFailed'), t('common.clientError'));
    }
  });
  const isBusy = changePassword.isPending;
  return (
    <FormDialog
      title={t('personDetail.menu.password')}
      errors={errors}
      errorTitle={t('auth.passwordChangeFailed')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('personDetail.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      {isOwn ? (
        <PasswordField
          control={control}
          name="currentPassword"
          label={t('personDetail.password.current')}
          autoComplete="current-password"
          disabled={isBusy}
        />
      ) : null}
      <NewPasswordFields control={control} disabled={isBusy} />
    </FormDialog>
  );
}
