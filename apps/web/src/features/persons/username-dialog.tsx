import { ValidationCode, emailAddress } from '@bpw/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useChangeUsername } from './api/change-username';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';

const c = ValidationCode;

/** Spec 01 §5 "Change username": the same pattern as the password, with its own mismatch message. */
const usernameSchema = z
  .object({ username: emailAddress(), repeat: z.string().min(1, { error: c.required }) })
  .refine((values) => values.username.trim().toLowerCase() === values.repeat.trim().toLowerCase(), {
    path: ['repeat'],
    error: c.usernamesDiffer,
  });
type UsernameValues = z.input<typeof usernameSchema>;

interface UsernameDialogProps {
  onClose: () => void;
  personId: string;
  currentUsername: string | null | undefined;
}

/** Mount it while open. */
export function UsernameDialog({ onClose, personId, currentUsername }: UsernameDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const changeUsername = useChangeUsername();
  const { control, handleSubmit, formState } = useForm<UsernameValues>({
    resolver: zodResolver(usernameSchema),
    mode: 'onTouched',
    defaultValues: { username: '', repeat: '' },
  });
  const submit = handleSubmit(async (values) => {
    clearErrors();
    try {
      await changeUsername.mutateAsync({ userId: personId, username: values.username.trim() });
      enqueueSnackbar(t('auth.usernameChanged'), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('auth.usernameChangeFailed'), t('common.clientError'));
    }
  });
  const isBusy = changeUsername.isPending;
  return (
    <FormDialog
      title={t('personDetail.menu.username')}
      errors={errors}
      errorTitle={t('auth.usernameChangeFailed')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('personDetail.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      {currentUsername ? (
        <Typography variant="body2">{t('personDetail.username.current', { username: currentUsername })}</Typography>
      ) : null}
      <FormTextField
        control={control}
        name="username"
        label={t('personDetail.username.new')}
        type="email"
        autoComplete="off"
        disabled={isBusy}
      />
      <FormTextField
        control={control}
        name="repeat"
        label={t('personDetail.username.repeat')}
        type="email"
        autoComplete="off"
        disabled={isBusy}
      />
    </FormDialog>
  );
}
