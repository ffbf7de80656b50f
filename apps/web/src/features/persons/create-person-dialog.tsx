import { zodResolver } from '@hookform/resolvers/zod';
import { isoDateOf } from '@bpw/domain/date-input';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
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
import { FormDialog, useFormErrors } from '../../components/form-dialog';

interface CreatePersonDialogProps {
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
 * Mount it while open.
 */
export function CreatePersonDialog({ onClose }: CreatePersonDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const createPerson = useCreatePerson();
  const { errors, clearErrors, showErrors } = useFormErrors();
  // Switzerland's today: the dates must not be in the future (spec 01 §5).
  const today = isoDateOf(new Date(), 'Europe/Zurich');
  const schema = useMemo(() => createPersonSchema(today), [today]);
  const form = useForm<CreatePersonValues, unknown, CreatePersonData>({
    resolver: zodResolver(schema) as never,
    mode: 'onTouched',
    defaultValues: initialValues(today),
  });
  const { handleSubmit, formState } = form;
  const isBusy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    try {
      const { id } = await createPerson.mutateAsync(toCreatePersonBody(values));
      enqueueSnackbar(t('personList.create.created'), { variant: 'success' });
      onClose();
      await navigate(`/persons/${id}`);
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  });

  return (
    <FormDialog
      title={t('personList.create.title')}
      errors={errors}
      errorTitle={t('common.saveError')}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
      submitLabel={t('personList.create.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
      isFullScreenOnPhone
      isPersistent
    >
      <CreatePersonFields form={form} today={today} disabled={isBusy} />
    </FormDialog>
  );
}
