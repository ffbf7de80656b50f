import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { eventCategoryBodySchema, type EventCategory, type EventCategoryBody } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveEventCategory } from './api/save-event-category';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { FormTextField } from '../../components/form-text-field';

interface EventCategoryFormDialogProps {
  /** Null: create a category. */
  category: EventCategory | null;
  onClose: () => void;
  onSaved?: (category: { id: string }) => void;
}

/** Create or rename a category (admins; spec 02 §5 "title required"), 50rem wide. Mount it while open. */
export function EventCategoryFormDialog({ category, onClose, onSaved }: EventCategoryFormDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSaveEventCategory();
  const { control, handleSubmit, formState } = useForm<EventCategoryBody>({
    resolver: zodResolver(eventCategoryBodySchema),
    mode: 'onTouched',
    defaultValues: { title: category?.title ?? '' },
  });
  const submit = handleSubmit(async (body) => {
    setErrors([]);
    try {
      const saved = await save.mutateAsync({ id: category?.id ?? null, body });
      enqueueSnackbar(t(category ? 'eventCategories.form.updated' : 'eventCategories.form.created'), {
        variant: 'success',
      });
      onClose();
      onSaved?.({ id: saved?.id ?? category?.id ?? '' });
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
    }
  });
  const isBusy = formState.isSubmitting;
  // The paper is the form, so Enter in the title saves.
  const formPaper = { component: 'form' as const, noValidate: true, onSubmit: (e: FormEvent) => void submit(e) };
  const title = t(category ? 'eventCategories.form.editTitle' : 'eventCategories.form.createTitle');
  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{
        paper: {
          ...formPaper,
          sx: { maxWidth: '50rem', m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' } },
        },
      }}
    >
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ErrorList errors={errors} />
          <FormTextField
            control={control}
            name="title"
            label={t('eventCategories.fields.title')}
            required
            autoFocus
            disabled={isBusy}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!formState.isValid || isBusy}>
          {t('eventCategories.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
