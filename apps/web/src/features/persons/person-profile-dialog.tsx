import { isoDateOf } from '@bpw/domain/date-input';
import { competenceTopicEnum } from '@bpw/domain/enums/competence';
import { languageCodeEnum } from '@bpw/domain/enums/language';
import {
  advertisingEnum,
  courierTypeEnum,
  employmentTypeEnum,
  salutationEnum,
  titleEnum,
} from '@bpw/domain/enums/person-fields';
import { personUpdateBodySchema, type PersonDetail } from '@bpw/domain/schemas/person';
import { ValidationCode } from '@bpw/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useUpdatePerson } from './api/update-person';
import type { PersonDetailAccess } from './person-detail-access';
import { enumOptions } from './person-detail-format';
import { EnumSelectField } from './enum-select-field';
import { CoachPicker, type CoachOption } from './person-profile-coach-picker';
import { DateInput } from '../../components/date-input';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
import { FormSelectField } from '../../components/form-select-field';
import { FormSwitchField } from '../../components/form-switch-field';
import { FormTextField } from '../../components/form-text-field';
import { countryOptions } from '../../lib/countries';
import { personDisplayName } from '../../lib/current-person';
import { translateFieldError } from '../../lib/validation';

/** Spec 01 §5 "Person": lastname and language required, birthday required and not in the future. */
const profileSchema = (today: string) =>
  personUpdateBodySchema.superRefine((values, ctx) => {
    if (values.birthday > today) {
      ctx.addIssue({ code: 'custom', path: ['birthday'], message: ValidationCode.notInFuture });
    }
  });
type ProfileInput = z.input<ReturnType<typeof profileSchema>>;
type ProfileOutput = z.output<ReturnType<typeof profileSchema>>;

const timeZones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Zurich'];
  }
})();

function defaultsOf(person: PersonDetail): ProfileInput {
  return {
    salutation: person.salutation,
    title: person.title,
    firstname: person.firstname ?? '',
    lastname: person.lastname,
    birthday: person.birthday ?? '',
    languageCode: person.languageCode,
    countryCode: person.countryCode,
    spokenLanguages: person.spokenLanguages.map((item) => item.languageCode),
    timeZone: person.timeZone,
    isProfilePublic: person.isProfilePublic,
    isPresentationDone: person.isPresentationDone ?? false,
    isCoach: person.isCoach,
    employmentType: person.employmentType,
    bpwCourier: person.bpwCourier,
    advertising: person.advertising,
    mentoringTypes: person.mentoringAreas.map((area) => area.personMentoringType),
    coach1: person.coach1?.id ?? null,
    coach2: person.coach2?.id ?? null,
  };
}

const coachOf = (ref: PersonDetail['coach1']): CoachOption | null =>
  ref ? { id: ref.id, name: personDisplayName(ref) } : null;

interface PersonProfileDialogProps {
  person: PersonDetail;
  access: PersonDetailAccess;
  onClose: () => void;
}

/** Edits the person with PUT person/{id} (spec 01 §3 "Person update payload"). */
export function PersonProfileDialog({ person, access, onClose }: PersonProfileDialogProps) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const [coaches, setCoaches] = useState({ coach1: coachOf(person.coach1), coach2: coachOf(person.coach2) });
  const [today] = useState(() => isoDateOf(new Date()));
  const update = useUpdatePerson();
  const { control, handleSubmit, formState, setValue } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema(today)),
    mode: 'onTouched',
    defaultValues: defaultsOf(person),
  });
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const countryNames = useMemo(() => new Map(countries.map((item) => [item.code, item.name])), [countries]);
  const f = (name: string) => t(`field.${name}`);
  const languages = enumOptions(languageCodeEnum, t);
  const topics = enumOptions(competenceTopicEnum, t);
  const isBusy = update.isPending;

  const submit = handleSubmit(async (values) => {
    clearErrors();
    try {
      await update.mutateAsync({ id: person.id, body: values });
      enqueueSnackbar(t('personDetail.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  });

  const coachField = (name: 'coach1' | 'coach2') => (
    <CoachPicker
      label={f(name)}
      value={coaches[name]}
      excludeId={person.id}
      disabled={isBusy}
      onChange={(option) => {
        setCoaches((current) => ({ ...current, [name]: option }));
        setValue(name, option?.id ?? null, { shouldDirty: true, shouldValidate: true });
      }}
    />
  );

  return (
    <FormDialog
      title={t('personDetail.profile.edit')}
      errors={errors}
      errorTitle={t('common.saveError')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('personDetail.save')}
      isSubmitDisabled={!formState.isValid && formState.isSubmitted}
      isBusy={isBusy}
    >
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h3">
          {t('personDetail.profile.identity')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <EnumSelectField
              control={control}
              name="salutation"
              label={f('salutation')}
              values={salutationEnum}
              isOptional
              disabled={isBusy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <EnumSelectField
              control={control}
              name="title"
              label={f('title')}
              values={titleEnum}
              isOptional
              disabled={isBusy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="firstname" label={f('firstname')} disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="lastname" label={f('lastname')} required disabled={isBusy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="birthday"
              render={({ field, fieldState }) => (
                <DateInput
                  label={f('birthday')}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  max={today}
                  required
                  disabled={isBusy}
                  errorText={translateFieldError(t, fieldState.error?.message, f('birthday'))}
                  fullWidth
                />
              )}
            />
          </Grid>
        </Grid>
        <Typography variant="subtitle1" component="h3">
          {t('personDetail.profile.settings')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelectField
              control={control}
              name="languageCode"
              label={f('languageCode')}
              options={languages}
              required
              disabled={isBusy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="spokenLanguages"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={languages.map((option) => option.value)}
                  getOptionLabel={(value) => languages.find((option) => option.value === value)?.label ?? value}
                  value={(field.value ?? []) as string[]}
                  onChange={(_event, next) => field.onChange(next)}
                  disabled={isBusy}
                  renderInput={(params) => <TextField {...params} label={f('spokenLanguages')} />}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="countryCode"
              render={({ field }) => (
                <Autocomplete
                  options={countries.map((item) => item.code)}
                  getOptionLabel={(code) => countryNames.get(code) ?? code}
                  value={field.value ?? null}
                  onChange={(_event, next) => field.onChange(next)}
                  disabled={isBusy}
                  renderInput={(params) => <TextField {...params} label={f('countryCode')} />}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="timeZone"
              render={({ field }) => (
                <Autocomplete
                  options={timeZones}
                  value={(field.value as string | undefined) ?? 'Europe/Zurich'}
                  onChange={(_event, next) => field.onChange(next ?? 'Europe/Zurich')}
                  disableClearable
                  disabled={isBusy}
                  renderInput={(params) => <TextField {...params} label={f('timeZone')} />}
                />
              )}
            />
          </Grid>
        </Grid>
        <Typography variant="subtitle1" component="h3">
          {t('personDetail.profile.profile')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <EnumSelectField
              control={control}
              name="employmentType"
              label={f('employmentType')}
              values={employmentTypeEnum}
              isOptional
              disabled={isBusy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <EnumSelectField
              control={control}
              name="bpwCourier"
              label={f('bpwCourier')}
              values={courierTypeEnum}
              isOptional
              disabled={isBusy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <EnumSelectField
              control={control}
              name="advertising"
              label={f('advertising')}
              values={advertisingEnum}
              disabled={isBusy}
            />
          </Grid>
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          <FormSwitchField control={control} name="isProfilePublic" label={f('isProfilePublic')} disabled={isBusy} />
          <FormSwitchField control={control} name="isCoach" label={f('isCoach')} disabled={isBusy} />
          {access.canSeeManagerFields ? (
            <FormSwitchField
              control={control}
              name="isPresentationDone"
              label={f('isPresentationDone')}
              disabled={isBusy || !access.canManage}
            />
          ) : null}
        </Stack>
        <Typography variant="subtitle1" component="h3">
          {t('personDetail.profile.mentoring')}
        </Typography>
        <Controller
          control={control}
          name="mentoringTypes"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={topics.map((option) => option.value)}
              getOptionLabel={(value) => topics.find((option) => option.value === value)?.label ?? String(value)}
              value={(field.value ?? []) as number[]}
              onChange={(_event, next) => field.onChange(next)}
              disabled={isBusy}
              renderInput={(params) => <TextField {...params} label={f('mentoringTypes')} />}
            />
          )}
        />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{coachField('coach1')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{coachField('coach2')}</Grid>
        </Grid>
      </Stack>
    </FormDialog>
  );
}
