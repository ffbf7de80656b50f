import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { clubTypeEnum, clubTypeValues, type ClubType } from '@bpw/domain/enums/club-type';
import { clubBodySchema, type Club, type ClubBody } from '@bpw/domain/schemas/club';
import { ValidationCode as c } from '@bpw/domain/validation';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveClub } from './api/save-club';
import { FormDialog, useFormErrors } from '../../components/form-dialog';
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

const valuesOf = (club: Club | null): ClubFormValues =>
  club ? { name: club.name, clubType: club.clubType as ClubType } : { name: '', clubType: '' };

interface ClubFormDialogProps {
  /** Null: create a club. */
  club: Club | null;
  onClose: () => void;
  onSaved?: (club: { id: string }) => void;
}

/**
 * The admins' create/edit dialog (spec 01 §2, §4/§5 "Club form"), 50rem wide (§9): name and type
 * required, save disabled while invalid. Mount it while open, so each opening starts afresh.
 */
export function ClubFormDialog({ club, onClose, onSaved }: ClubFormDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const saveClub = useSaveClub();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const { control, handleSubmit, formState } = useForm<ClubFormValues, unknown, ClubBody>({
    resolver: zodResolver(clubFormSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(club),
  });

  const submit = handleSubmit(async (body) => {
    clearErrors();
    try {
      const saved = await saveClub.mutateAsync({ id: club?.id ?? null, body });
      enqueueSnackbar(t(club ? 'clubs.form.updated' : 'clubs.form.created'), { variant: 'success' });
      onClose();
      onSaved?.({ id: saved?.id ?? club?.id ?? '' });
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  });

  const isBusy = formState.isSubmitting;
  const typeLabel = t('clubs.fields.clubType');
  return (
    <FormDialog
      title={t(club ? 'clubs.form.editTitle' : 'clubs.form.createTitle')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('clubs.form.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
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
    </FormDialog>
  );
}
