import { languageCodeEnum, languageCodeValues } from '@bpw/domain/enums/language';
import { membershipTypeEnum, typesOfferedOnCreate, typeWithLabel } from '@bpw/domain/enums/membership-type';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CreatePersonData, CreatePersonValues } from './create-person-schema';
import { useClubOptions } from '../../components/club-options';
import { DateInput } from '../../components/date-input';
import { FormTextField } from '../../components/form-text-field';
import { PasswordField } from '../../components/password-field';
import { useActor } from '../../lib/use-claims';
import { translateFieldError } from '../../lib/validation';

interface CreatePersonFieldsProps {
  form: UseFormReturn<CreatePersonValues, unknown, CreatePersonData>;
  today: string;
  disabled: boolean;
}

type SelectName = 'language' | 'clubId' | 'membershipType';
type DateName = 'birthday' | 'clubFrom';

/**
 * The create-person fields (spec 01 §3 "Person create payload", §5 "Create person"): account,
 * name, birthday and language, then the first membership: club, type, label, from date.
 */
export function CreatePersonFields({ form, today, disabled }: CreatePersonFieldsProps) {
  const { t } = useTranslation();
  const { control, setValue, getValues } = form;
  // The shared text fields know only the form values, not the parsed data the resolver answers.
  const textControl = control as unknown as Control<CreatePersonValues>;
  const actor = useActor();
  // Spec 01 §2 "Club assignment form": non-admins see only the clubs they manage.
  const clubs = useClubOptions({
    limitTo: actor.isAdmin ? null : actor.clubManagerOf,
  });
  const membershipType = useWatch({ control, name: 'membershipType' });

  // Preselected when exactly one club is available.
  const onlyClubId = clubs.options.length === 1 ? clubs.options[0]?.id : undefined;
  useEffect(() => {
    if (onlyClubId && getValues('clubId') === '') setValue('clubId', onlyClubId, { shouldValidate: true });
  }, [onlyClubId, getValues, setValue]);

  const label = (key: string) => t(`personList.create.${key}`);

  const select = (name: SelectName, options: { value: string | number; label: string }[], onPicked?: () => void) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          fullWidth
          label={label(name)}
          name={field.name}
          value={field.value}
          onChange={(event) => {
            const picked = options.find((option) => String(option.value) === String(event.target.value));
            field.onChange(picked?.value ?? '');
            onPicked?.();
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={translateFieldError(t, fieldState.error?.message, label(name))}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const dateField = (name: DateName) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          label={label(name)}
          required
          fullWidth
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          max={today}
          disabled={disabled}
          errorText={translateFieldError(t, fieldState.error?.message, label(name))}
        />
      )}
    />
  );

  const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;
  return (
    <Stack spacing={2}>
      <Stack {...row}>
        <FormTextField
          control={textControl}
          name="username"
          label={label('username')}
          type="email"
          autoComplete="off"
          required
          disabled={disabled}
        />
        <PasswordField
          control={textControl}
          name="password"
          label={label('password')}
          autoComplete="new-password"
          helperText={t('auth.passwordRule')}
          disabled={disabled}
        />
      </Stack>
      <Stack {...row}>
        <FormTextField control={textControl} name="firstname" label={label('firstname')} disabled={disabled} />
        <FormTextField control={textControl} name="lastname" label={label('lastname')} required disabled={disabled} />
      </Stack>
      <Stack {...row}>
        {dateField('birthday')}
        {select(
          'language',
          languageCodeValues.map((code) => ({ value: code, label: t(languageCodeEnum.labelKey(code)) })),
        )}
      </Stack>
      {select(
        'clubId',
        clubs.options.map((club) => ({ value: club.id, label: club.name })),
      )}
      <Stack {...row}>
        {select(
          'membershipType',
          typesOfferedOnCreate.map((type) => ({ value: type, label: t(membershipTypeEnum.labelKey(type)) })),
          // Spec 01 §5: the label is cleared when the type changes.
          () => setValue('membershipTypeLabel', '', { shouldValidate: true }),
        )}
        {dateField('clubFrom')}
      </Stack>
      {membershipType === typeWithLabel ? (
        <FormTextField
          control={textControl}
          name="membershipTypeLabel"
          label={label('membershipTypeLabel')}
          required
          disabled={disabled}
        />
      ) : null}
    </Stack>
  );
}
