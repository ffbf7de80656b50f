import { modeFor, visibleFieldsFor, type CustomFieldAudience } from '@bpw/domain/custom-field-values';
import { CustomFieldMode } from '@bpw/domain/enums/custom-field';
import type { EventCustomField } from '@bpw/domain/schemas/event-custom-field';
import { zodResolver } from '@hookform/resolvers/zod';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountryAutocomplete } from '../../../components/country-autocomplete';
import {
  emptyRegistrationValues,
  registrationFormSchema,
  toRegistrationBody,
  type RegistrationFormOutput,
  type RegistrationFormValues,
} from './registration-form-schema';
import type { RegistrantProfile } from './api/get-registrant-profile';
import { errorMessages } from '../../../api/api-error';
import { CustomFieldInput } from '../../../components/custom-field-input/custom-field-input';
import { ErrorList } from '../../../components/error-list';
import { FormTextField } from '../../../components/form-text-field';
import { PersonAvatar } from '../../../components/person-avatar';
import { translateFieldError } from '../../../lib/validation';
import type { PublicRegistrationBody } from '@bpw/domain/schemas/event-registration';

export interface Registrant {
  personId: string;
  name: string;
  avatarId: string | null;
}

interface RegistrationFormProps {
  fields: readonly EventCustomField[];
  /** The signed-in member, or null for a guest. */
  member: Registrant | null;
  profile: RegistrantProfile | null;
  onSubmit: (body: PublicRegistrationBody) => Promise<unknown>;
}

/** Spec 02 §2 "Registration page" form: save stays disabled until the form is valid. */
export function RegistrationForm({ fields, member, profile, onSubmit }: RegistrationFormProps) {
  const { t } = useTranslation();
  const audience: CustomFieldAudience = member ? 'member' : 'guest';
  const visible = useMemo(() => visibleFieldsFor(fields, audience), [fields, audience]);
  const schema = useMemo(() => registrationFormSchema(fields, audience), [fields, audience]);
  const [errors, setErrors] = useState<string[]>([]);
  const { control, handleSubmit, formState } = useForm<RegistrationFormValues, unknown, RegistrationFormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<RegistrationFormValues, unknown, RegistrationFormOutput>,
    defaultValues: emptyRegistrationValues(fields, audience, profile),
    mode: 'onChange',
  });
  const label = (key: string) => t(`eventRegistrationPages.form.${key}`);

  const submit = handleSubmit(async (values) => {
    setErrors([]);
    try {
      await onSubmit(toRegistrationBody(values));
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        <ErrorList errors={errors} />
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {member ? (
            <PersonAvatar personId={member.personId} avatarId={member.avatarId} name={member.name} />
          ) : (
            <Avatar aria-hidden sx={{ bgcolor: 'grey.300', color: 'grey.800' }}>
              <PersonOutlineIcon />
            </Avatar>
          )}
          <Box>
            <Typography>
              {t('eventRegistrationPages.form.registerAs')}{' '}
              <strong>{member ? member.name : t('eventRegistrationPages.form.guest')}</strong>
            </Typography>
            {member ? null : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('eventRegistrationPages.form.guestHint')}
              </Typography>
            )}
          </Box>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <FormTextField
            control={control}
            name="firstname"
            label={label('firstname')}
            required
            autoComplete="given-name"
          />
          <FormTextField
            control={control}
            name="lastname"
            label={label('lastname')}
            required
            autoComplete="family-name"
          />
          <FormTextField
            control={control}
            name="email"
            label={label('email')}
            required
            type="email"
            autoComplete="email"
          />
          <FormTextField
            control={control}
            name="street"
            label={label('street')}
            required
            autoComplete="street-address"
          />
          <FormTextField control={control} name="zip" label={label('zip')} required autoComplete="postal-code" />
          <FormTextField control={control} name="city" label={label('city')} required autoComplete="address-level2" />
          <Controller
            control={control}
            name="countryCode"
            render={({ field, fieldState }) => (
              <CountryAutocomplete
                name={field.name}
                label={label('countryCode')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                errorText={translateFieldError(t, fieldState.error?.message, label('countryCode'))}
              />
            )}
          />
        </Box>
        {visible.length ? (
          <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {t('eventRegistrationPages.form.customFields')}
            </Typography>
            {visible.map((field) => (
              <CustomFieldInput
                key={field.id}
                field={field}
                isRequired={modeFor(field, audience) === CustomFieldMode.required}
                control={control}
                name={`customValues.${field.id}`}
              />
            ))}
          </Stack>
        ) : null}
        <FormTextField control={control} name="remarks" label={label('remarks')} multiline minRows={3} />
        <Box>
          <Button type="submit" variant="contained" disabled={!formState.isValid || formState.isSubmitting}>
            {t('eventRegistrationPages.form.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
