import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { clubTypeEnum, clubTypeValues, type ClubType } from '@bpw/domain/enums/club-type';
import { clubBodySchema, type Club, type ClubBody } from '@bpw/domain/schemas/club';
import { ValidationCode as c } from '@bpw/domain/validation';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveClub } from './api/save-club';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { FormTextField } from '../../components/form-text-field';
import { translateFieldError } from '../../lib/validation';

interface ClubFormValues {
  name: string;
  clubType: ClubType | '';
}

// An unchosen select is '' in the form: "required", as the domain schema says for a missing type.
const clubFormSchema = z.object({
  name: clubBodySchema.shape.name,
  clubType: z.union([z.literal(''), clubBodySchema.shape.clubType], { error: c.invalid }).transform((value, ctx) => {
    if (value !== '') return value;
    ctx.addIssue({ code: 'custom', message: c.required });
    return z.NEVER;
  }),
});

const emptyValues: ClubFormValues = { name: '', clubType: '' };
const valuesOf = (club: Club | null): ClubFormValues =>
  club ? { name: club.name, clubType: club.clubType as ClubType } : emptyValues;

interface ClubFormProps {
  /** Null: create mode. */
  club: Club | null;
  onSaved: (club: { id: string }) => void;
  onCancel: () => void;
}

/**
 * Spec 01 §4/§5 "Club form": create mode (no club) and edit mode; name and type required, save
 * disabled while invalid; a successful create and a cancel reset the form.
 */
export function ClubForm({ club, onSaved, onCancel }: ClubFormProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const saveClub = useSaveClub();
  const [errors, setErrors] = useState<string[]>([]);
  const { control, handleSubmit, reset, formState } = useForm<ClubFormValues, unknown, ClubBody>({
    resolver: zodResolver(clubFormSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(club),
  });
  useEffect(() => reset(valuesOf(club)), [club, reset]);

  const onSubmit = handleSubmit(async (body) => {
    setErrors([]);
    try {
      const saved = await saveClub.mutateAsync({ id: club?.id ?? null, body });
      enqueueSnackbar(t(club ? 'clubs.form.updated' : 'clubs.form.created'), { variant: 'success' });
      if (!club) reset(emptyValues);
      onSaved({ id: saved?.id ?? club?.id ?? '' });
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
    }
  });

  const cancel = () => {
    setErrors([]);
    reset(valuesOf(club));
    onCancel();
  };
  const isBusy = formState.isSubmitting;
  const typeLabel = t('clubs.fields.clubType');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t(club ? 'clubs.form.editTitle' : 'clubs.form.createTitle')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ErrorList errors={errors} />
        <FormTextField
          control={control}
          name="name"
          label={t('clubs.fields.name')}
          required
          disabled={isBusy}
          autoFocus
        />
        <Controller
          control={control}
          name="clubType"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              fullWidth
              label={typeLabel}
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value) as ClubType)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={isBusy}
              error={Boolean(fieldState.error)}
              helperText={translateFieldError(t, fieldState.error?.message, typeLabel)}
            >
              {clubTypeValues.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(clubTypeEnum.labelKey(value))}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={cancel} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid || isBusy}>
            {t('clubs.form.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
