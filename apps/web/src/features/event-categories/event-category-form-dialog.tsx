import { zodResolver } from '@hookform/resolvers/zod';
import { eventCategoryBodySchema, type EventCategory, type EventCategoryBody } from '@bpw/domain/schemas/event';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveEventCategory } from './api/save-event-category';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
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
  const { errors, clearErrors, showErrors } = useFormErrors();
  const save = useSaveEventCategory();
  const { control, handleSubmit, formState } = useForm<EventCategoryBody>({
    resolver: zodResolver(eventCategoryBodySchema),
    mode: 'onTouched',
    defaultValues: { title: category?.title ?? '' },
  });
  const submit = handleSubmit(async (body) => {
    clearErrors();
    try {
      const saved = await save.mutateAsync({ id: category?.id ?? null, body });
      enqueueSnackbar(t(category ? 'eventCategories.form.updated' : 'eventCategories.form.created'), {
        variant: 'success',
      });
      onClose();
      onSaved?.({ id: saved?.id ?? category?.id ?? '' });
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  });
  const isBusy = formState.isSubmitting;
  return (
    <FormDialog
      title={t(category ? 'eventCategories.form.editTitle' : 'eventCategories.form.createTitle')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('eventCategories.form.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      <FormTextField
        control={control}
        name="title"
        label={t('eventCategories.fields.title')}
        required
        autoFocus
        disabled={isBusy}
      />
    </FormDialog>
  );
}
