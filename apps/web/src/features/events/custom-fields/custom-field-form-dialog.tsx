import { zodResolver } from '@hookform/resolvers/zod';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import { CustomFieldType, customFieldModeEnum, customFieldTypeEnum } from '@bpw/domain/enums/custom-field';
import {
  customFieldSortOrders,
  eventCustomFieldUpdateBodySchema,
  type EventCustomField,
  type EventCustomFieldUpdateBody,
} from '@bpw/domain/schemas/event-custom-field';
import { useSnackbar } from 'notistack';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCustomFields } from './api/get-custom-fields';
import { useSaveCustomField } from './api/save-custom-field';
import { customFieldValuesOf, newCustomFieldValues, type CustomFieldFormValues } from './custom-field-form-values';
import { CustomFieldOptionsEditor } from './custom-field-options-editor';
import { FormDialog, useFormErrors } from '../../../components/form-dialog';
import { FormSelectField } from '../../../components/form-select-field';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';

// The schema's input has the options optional (they default to []); the form always holds them.
const resolver = zodResolver(eventCustomFieldUpdateBodySchema) as unknown as Resolver<
  CustomFieldFormValues,
  unknown,
  EventCustomFieldUpdateBody
>;

interface CustomFieldDialogProps {
  eventId: string;
  /** Null: create a field. */
  field: EventCustomField | null;
  onClose: () => void;
  onSaved?: () => void;
}

/**
 * Create or edit a custom field. A new field starts after the event's last one, so its form
 * opens once the event's fields are known (a failed load starts at 0).
 */
export function CustomFieldDialog(props: CustomFieldDialogProps) {
  const { t } = useTranslation();
  const all = useCustomFields(props.eventId);
  if (props.field) return <CustomFieldFormDialog {...props} initial={customFieldValuesOf(props.field)} />;
  if (all.isPending) {
    return (
      <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
        <CircularProgress color="inherit" aria-label={t('app.loading')} />
      </Backdrop>
    );
  }
  return <CustomFieldFormDialog {...props} initial={newCustomFieldValues(all.data?.items ?? [])} />;
}

/**
 * The form: spec 02 §2 "custom field create/update" dialog (50rem), §5: type, title, both modes, show in
 * list, sort order 0 to 20 and, for an Option field, its options; changing the type away from
 * Option clears them. Mount it while open.
 */
function CustomFieldFormDialog({
  eventId,
  field,
  initial,
  onClose,
  onSaved,
}: CustomFieldDialogProps & { initial: CustomFieldFormValues }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const save = useSaveCustomField(eventId);
  const { control, handleSubmit, formState, setValue, getValues } = useForm<
    CustomFieldFormValues,
    unknown,
    EventCustomFieldUpdateBody
  >({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const type = useWatch({ control, name: 'type' });
  const label = (name: string) => t(`eventCustomFieldsStaff.fields.${name}`);

  const submit = handleSubmit(async (body) => {
    clearErrors();
    try {
      await save.mutateAsync(field ? { id: field.id, body } : { id: null, body: { eventId, ...body } });
      enqueueSnackbar(t(field ? 'eventCustomFieldsStaff.form.updated' : 'eventCustomFieldsStaff.form.created'), {
        variant: 'success',
      });
      onClose();
      onSaved?.();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  });
  const onTypeChange = (next: string | number | null) => {
    if (next !== CustomFieldType.option) setValue('eventCustomFieldOptions', [], { shouldValidate: true });
    else if (getValues('eventCustomFieldOptions').length === 0) {
      setValue('eventCustomFieldOptions', [{ id: null, value: '' }]);
    }
  };
  const isBusy = formState.isSubmitting;
  const typeOptions = customFieldTypeEnum.values.map((value) => ({
    value,
    label: t(customFieldTypeEnum.labelKey(value)),
  }));
  const modeOptions = customFieldModeEnum.values.map((value) => ({
    value,
    label: t(customFieldModeEnum.labelKey(value)),
  }));
  const sortOptions = customFieldSortOrders.map((value) => ({ value, label: String(value) }));

  return (
    <FormDialog
      title={t(field ? 'eventCustomFieldsStaff.form.editTitle' : 'eventCustomFieldsStaff.form.createTitle')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('eventCustomFieldsStaff.form.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField control={control} name="title" label={label('title')} required disabled={isBusy} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelectField
            control={control}
            name="type"
            label={label('type')}
            options={typeOptions}
            onValueChange={onTypeChange}
            required
            disabled={isBusy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="eventCustomFieldModeMember"
            label={label('modeMember')}
            options={modeOptions}
            required
            disabled={isBusy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="eventCustomFieldModeGuest"
            label={label('modeGuest')}
            options={modeOptions}
            required
            disabled={isBusy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="sortOrder"
            label={label('sortOrder')}
            options={sortOptions}
            required
            disabled={isBusy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <FormSwitchField control={control} name="showInList" label={label('showInList')} disabled={isBusy} />
        </Grid>
      </Grid>
      {type === CustomFieldType.option ? <CustomFieldOptionsEditor control={control} disabled={isBusy} /> : null}
    </FormDialog>
  );
}
