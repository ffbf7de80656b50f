import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { isoDateOf } from '@bpw/domain/date-input';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreatePerson } from './api/create-person';
import { CreatePersonFields } from './create-person-fields';
import {
  createPersonSchema,
  toCreatePersonBody,
  type CreatePersonData,
  type CreatePersonValues,
} from './create-person-schema';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

interface CreatePersonDialogProps {
  open: boolean;
  onClose: () => void;
}

const initialValues = (today: string): CreatePersonValues => ({
  username: '',
  password: '',
  firstname: '',
  lastname: '',
  birthday: null,
  language: '',
  clubId: '',
  membershipType: '',
  membershipTypeLabel: '',
  clubFrom: today,
});

/**
 * Spec 01 §2 "Create person": a persistent dialog (50rem) for admins and club managers; the
 * person gets her first club membership with it. After creation the user goes to her page.
 */
export function CreatePersonDialog({ open, onClose }: CreatePersonDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const formId = useId();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const createPerson = useCreatePerson();
  const [errors, setErrors] = useState<string[]>([]);
  // Switzerland's today: the dates must not be in the future (spec 01 §5).
  const today = isoDateOf(new Date(), 'Europe/Zurich');
  const schema = useMemo(() => createPersonSchema(today), [today]);
  const form = useForm<CreatePersonValues, unknown, CreatePersonData>({
    resolver: zodResolver(schema) as never,
    mode: 'onTouched',
    defaultValues: initialValues(today),
  });
  const { handleSubmit, reset, formState } = form;
  const isBusy = formState.isSubmitting;

  const close = () => {
    reset(initialValues(today));
    setErrors([]);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setErrors([]);
    try {
      const { id } = await createPerson.mutateAsync(toCreatePersonBody(values));
      enqueueSnackbar(t('personList.create.created'), { variant: 'success' });
      reset(initialValues(today));
      await navigate(`/persons/${id}`);
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
    }
  });

  return (
    <Dialog
      open={open}
      // Persistent: neither a click beside it nor Esc throws the typed data away.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && reason !== 'escapeKeyDown') close();
      }}
      aria-labelledby={titleId}
      aria-busy={isBusy}
      fullWidth
      fullScreen={isPhone}
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: isPhone ? undefined : '50rem' } } }}
    >
      <DialogTitle id={titleId}>{t('personList.create.title')}</DialogTitle>
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <DialogContent>
        <Box component="form" id={formId} noValidate onSubmit={onSubmit} sx={{ pt: 1 }}>
          <ErrorList title={t('common.saveError')} errors={errors} />
          <CreatePersonFields form={form} today={today} disabled={isBusy} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={close} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={!formState.isValid || isBusy}>
          {t('personList.create.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
