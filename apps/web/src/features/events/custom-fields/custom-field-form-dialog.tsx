import { zodResolver } from '@hookform/resolvers/zod';
import Backdrop from '@mui/material/Backdrop';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { CustomFieldType, customFieldModeEnum, customFieldTypeEnum } from '@bpw/domain/enums/custom-field';
import {
  customFieldSortOrders,
  eventCustomFieldUpdateBodySchema,
  type EventCustomField,
  type EventCustomFieldUpdateBody,
} from '@bpw/domain/schemas/event-custom-field';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCustomFields } from './api/get-custom-fields';
import { useSaveCustomField } from './api/save-custom-field';
import { customFieldValuesOf, newCustomFieldValues, type CustomFieldFormValues } from './custom-field-form-values';
import { CustomFieldOptionsEditor } from './custom-field-options-editor';
import { errorMessages } from '../../../api/api-error';
import { ErrorList } from '../../../components/error-list';
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
  const titleId = useId();
  const [errors, setErrors] = useState<string[]>([]);
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
    setErrors([]);
    try {
      await save.mutateAsync(field ? { id: field.id, body } : { id: null, body: { eventId, ...body } });
      enqueueSnackbar(t(field ? 'eventCustomFieldsStaff.form.updated' : 'eventCustomFieldsStaff.form.created'), {
        variant: 'success',
      });
      onClose();
      onSaved?.();
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
    }
  });
  const onTypeChange = (next: string | number | null) => {
    if (next !== CustomFieldType.option) setValue('eventCustomFieldOptions', [], { shouldValidate: true });
    else if (getValues('eventCustomFieldOptions').length === 0) {
      setValue('eventCustomFieldOptions', [{ id: null, value: '' }]);
    }
  };
  const isBusy = formState.isSubmitting;
  const formPaper = { component: 'form' as const, noValidate: true, onSubmit: (e: FormEvent) => void submit(e) };
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
      <DialogTitle id={titleId}>
        {t(field ? 'eventCustomFieldsStaff.form.editTitle' : 'eventCustomFieldsStaff.form.createTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ErrorList errors={errors} />
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
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!formState.isValid || isBusy}>
          {t('eventCustomFieldsStaff.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
