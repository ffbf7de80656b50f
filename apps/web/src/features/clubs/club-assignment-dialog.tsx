import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  membershipTypeEnum,
  membershipTypeValues,
  typeWithLabel,
  type MembershipType,
} from '@bpw/domain/enums/membership-type';
import type { Club } from '@bpw/domain/schemas/club';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateClubRelation } from './api/create-club-relation';
import { clubAssignmentSchema, type ClubAssignmentData, type ClubAssignmentValues } from './club-assignment-schema';
import { todayIso } from './club-roles';
import { PersonPicker, type PickedPerson } from './person-picker';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { FormTextField } from '../../components/form-text-field';
import { translateFieldError } from '../../lib/validation';

interface ClubAssignmentDialogProps {
  open: boolean;
  club: Club;
  onClose: () => void;
}

const initialValues = (): ClubAssignmentValues => ({
  personId: '',
  type: '',
  membershipTypeLabel: '',
  from: todayIso(),
  to: '',
});

/**
 * Spec 01 §2 "Club assignment form" bound to this club: person, membership type, a label for
 * type other, from and to; POST person/{personId}/club. Save is disabled while invalid.
 */
export function ClubAssignmentDialog({ open, club, onClose }: ClubAssignmentDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const createRelation = useCreateClubRelation();
  const [person, setPerson] = useState<PickedPerson | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const { control, handleSubmit, reset, formState, setValue } = useForm<
    ClubAssignmentValues,
    unknown,
    ClubAssignmentData
  >({
    resolver: zodResolver(clubAssignmentSchema),
    mode: 'onTouched',
    defaultValues: initialValues(),
  });
  const type = useWatch({ control, name: 'type' });
  const isBusy = formState.isSubmitting;

  const close = () => {
    reset(initialValues());
    setPerson(null);
    setErrors([]);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setErrors([]);
    try {
      await createRelation.mutateAsync({
        personId: values.personId,
        body: {
          clubId: club.id,
          type: values.type,
          membershipTypeLabel: values.type === typeWithLabel ? values.membershipTypeLabel : null,
          from: values.from,
          to: values.to || null,
        },
      });
      enqueueSnackbar(t('clubs.assignment.saved'), { variant: 'success' });
      close();
    } catch (error) {
      setErrors(errorMessages(error, t('common.saveError')));
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
    }
  });

  const labels = {
    person: t('clubs.assignment.person'),
    type: t('clubs.assignment.type'),
    label: t('clubs.assignment.label'),
    from: t('clubs.assignment.from'),
    to: t('clubs.assignment.to'),
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: '50rem' } } }}
    >
      <DialogTitle id={titleId}>{t('clubs.assignment.title', { club: club.name })}</DialogTitle>
      <DialogContent>
        <Box component="form" id={formId} noValidate onSubmit={onSubmit}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ErrorList errors={errors} />
            <Controller
              control={control}
              name="personId"
              render={({ field, fieldState }) => (
                <PersonPicker
                  label={labels.person}
                  value={person}
                  onChange={(picked) => {
                    setPerson(picked);
                    field.onChange(picked?.id ?? '');
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={isBusy}
                  error={translateFieldError(t, fieldState.error?.message, labels.person)}
                />
              )}
            />
            <Controller
              control={control}
              name="type"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  required
                  fullWidth
                  label={labels.type}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => {
                    const next = Number(event.target.value) as MembershipType;
                    field.onChange(next);
                    // Spec 01 §5: the label is cleared when the type changes away from other.
                    if (next !== typeWithLabel) setValue('membershipTypeLabel', '', { shouldValidate: true });
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={isBusy}
                  error={Boolean(fieldState.error)}
                  helperText={translateFieldError(t, fieldState.error?.message, labels.type)}
                >
                  {membershipTypeValues.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(membershipTypeEnum.labelKey(value))}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {type === typeWithLabel ? (
              <FormTextField
                control={control}
                name="membershipTypeLabel"
                label={labels.label}
                required
                disabled={isBusy}
              />
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="from"
                label={labels.from}
                type="date"
                required
                disabled={isBusy}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <FormTextField
                control={control}
                name="to"
                label={labels.to}
                type="date"
                disabled={isBusy}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={close} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={!formState.isValid || isBusy}>
          {t('clubs.assignment.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
