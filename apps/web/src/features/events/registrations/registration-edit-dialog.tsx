import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventCustomField } from '@bpw/domain/schemas/event-custom-field';
import type { EventRegistration } from '@bpw/domain/schemas/event-registration';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangeRegistration } from './api/change-registration';
import {
  registrationEditSchema,
  registrationEditValues,
  toRegistrationUpdateBody,
  type RegistrationEditOutput,
  type RegistrationEditValues,
} from './registration-edit-schema';
import { RegistrationValueInput } from './registration-value-input';
import { formatDateTime } from '../shared/format-event-date';
import { CountryAutocomplete } from '../../../components/country-autocomplete';
import { FormDialog, useFormErrors } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { translateFieldError } from '../../../lib/validation';

type TextName = Exclude<keyof RegistrationEditValues, 'customValues' | 'countryCode'>;
const required: readonly TextName[] = ['firstname', 'lastname', 'email', 'street', 'zip', 'city'];
const layout: readonly (readonly TextName[])[] = [
  ['firstname', 'lastname'],
  ['email'],
  ['address1', 'address2'],
  ['street'],
  ['zip', 'city'],
  ['county', 'state'],
];

interface RegistrationEditDialogProps {
  registration: EventRegistration;
  /** Every custom field of the event, sorted. */
  fields: readonly EventCustomField[];
  onClose: () => void;
}

/** Spec 02 §2 "registration update" dialog (50rem): the registrant's fields and every custom value. */
export function RegistrationEditDialog({ registration, fields, onClose }: RegistrationEditDialogProps) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const change = useChangeRegistration(registration.eventId);
  const schema = useMemo(() => registrationEditSchema(fields), [fields]);
  const { control, handleSubmit, formState } = useForm<RegistrationEditValues, unknown, RegistrationEditOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<RegistrationEditValues, unknown, RegistrationEditOutput>,
    mode: 'onTouched',
    defaultValues: registrationEditValues(registration, fields),
  });
  const label = (name: string) => t(`eventRegistrationsStaff.fields.${name}`);

  const submit = handleSubmit(async (values) => {
    clearErrors();
    try {
      await change.mutateAsync({
        id: registration.id,
        change: { kind: 'update', body: toRegistrationUpdateBody(values) },
      });
      enqueueSnackbar(t('eventRegistrationsStaff.edit.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  });
  const isBusy = formState.isSubmitting;
  const who = registration.personId ? t('eventRegistrationsStaff.member') : t('eventRegistrationsStaff.guest');

  return (
    <FormDialog
      title={t('eventRegistrationsStaff.edit.title')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('eventRegistrationsStaff.edit.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      <Typography variant="body2" color="text.secondary">
        {t('eventRegistrationsStaff.edit.registeredAt', {
          who,
          date: formatDateTime(registration.registeredAt, i18n.language),
        })}
      </Typography>
      <Grid container spacing={2}>
        {layout.flat().map((name) => (
          <Grid key={name} size={{ xs: 12, sm: layout.find((row) => row.includes(name))!.length > 1 ? 6 : 12 }}>
            <FormTextField
              control={control}
              name={name}
              label={label(name)}
              required={required.includes(name)}
              type={name === 'email' ? 'email' : 'text'}
              disabled={isBusy}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <Controller
            control={control}
            name="countryCode"
            render={({ field, fieldState }) => (
              <CountryAutocomplete
                label={label('countryCode')}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                errorText={translateFieldError(t, fieldState.error?.message, label('countryCode'))}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="remarks"
            label={label('remarks')}
            multiline
            minRows={2}
            disabled={isBusy}
          />
        </Grid>
      </Grid>
      {registration.unregistrationRemarks ? (
        <Typography variant="body2">
          {t('eventRegistrationsStaff.edit.unregistrationRemarks', { text: registration.unregistrationRemarks })}
        </Typography>
      ) : null}
      {fields.length > 0 ? (
        <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {t('eventRegistrationsStaff.edit.customFields')}
          </Typography>
          {fields.map((field) => (
            <RegistrationValueInput key={field.id} field={field} control={control} disabled={isBusy} />
          ))}
        </Stack>
      ) : null}
    </FormDialog>
  );
}
