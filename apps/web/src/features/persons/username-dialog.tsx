import { ValidationCode, emailAddress } from '@bpw/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useChangeUsername } from './api/change-username';
import { PersonDetailDialog } from './person-detail-dialog';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
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
  open: boolean;
  onClose: () => void;
  personId: string;
  currentUsername: string | null | undefined;
}

export function UsernameDialog({ open, onClose, personId, currentUsername }: UsernameDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [errors, setErrors] = useState<string[]>([]);
  const changeUsername = useChangeUsername();
  const { control, handleSubmit, formState, reset } = useForm<UsernameValues>({
    resolver: zodResolver(usernameSchema),
    mode: 'onTouched',
    defaultValues: { username: '', repeat: '' },
  });
  const close = () => {
    reset();
    setErrors([]);
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    setErrors([]);
    try {
      await changeUsername.mutateAsync({ userId: personId, username: values.username.trim() });
      enqueueSnackbar(t('auth.usernameChanged'), { variant: 'success' });
      close();
    } catch (error) {
      enqueueSnackbar(t('auth.usernameChangeFailed'), { variant: 'error' });
      setErrors(errorMessages(error, t('common.clientError')));
    }
  });
  const isBusy = changeUsername.isPending;
  return (
    <PersonDetailDialog
      open={open}
      onClose={close}
      title={t('personDetail.menu.username')}
      onSubmit={() => void submit()}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ErrorList title={t('auth.usernameChangeFailed')} errors={errors} />
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
      </Stack>
    </PersonDetailDialog>
  );
}
