import { membershipTypeEnum, typeWithLabel, type MembershipType } from '@bpw/domain/enums/membership-type';
import {
  clubRelationCreateBodySchema,
  clubRelationUpdateBodySchema,
  type PersonClubRelation,
} from '@bpw/domain/schemas/membership';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreatePersonClub } from './api/create-person-club';
import { useClubOptions } from './api/get-club-options';
import { useUpdatePersonClub } from './api/update-person-club';
import { PersonDetailDialog } from './person-detail-dialog';
import { enumLabel, enumOptions } from './person-detail-format';
import { errorMessages } from '../../api/api-error';
import { DateInput } from '../../components/date-input';
import { ErrorList } from '../../components/error-list';
import { FormSelectField } from '../../components/form-select-field';
import { FormTextField } from '../../components/form-text-field';
import { useActor } from '../../lib/use-claims';
import { translateFieldError } from '../../lib/validation';

type AssignmentValues = {
  clubId: string;
  type: number | null;
  membershipTypeLabel: string;
  from: string;
  to: string | null;
};

interface ClubAssignmentFormDialogProps {
  personId: string;
  /** The relation to edit (only from and to change); absent for a new assignment. */
  relation?: PersonClubRelation | undefined;
  onClose: () => void;
}

/**
 * The club assignment form with the person fixed (spec 01 §2 "Club assignment form", §5): club
 * choices for non-admins are the clubs they manage, preselected when there is one; the label only
 * for type other, cleared when the type changes; editing allows only from and to.
 */
export function ClubAssignmentFormDialog({ personId, relation, onClose }: ClubAssignmentFormDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const actor = useActor();
  const isEditing = relation !== undefined;
  const clubs = useClubOptions(!isEditing);
  const [errors, setErrors] = useState<string[]>([]);
  const create = useCreatePersonClub();
  const update = useUpdatePersonClub();
  const clubChoices = (clubs.data ?? []).filter((club) => actor.isAdmin || actor.clubManagerOf.includes(club.id));
  const onlyClub = clubChoices.length === 1 ? clubChoices[0]?.id : undefined;
  const { control, handleSubmit, formState, setValue } = useForm<AssignmentValues>({
    resolver: zodResolver(
      isEditing ? clubRelationUpdateBodySchema : clubRelationCreateBodySchema,
    ) as unknown as Resolver<AssignmentValues>,
    mode: 'onChange',
    defaultValues: relation
      ? {
          clubId: relation.clubId,
          type: relation.type,
          membershipTypeLabel: relation.membershipTypeLabel ?? '',
          from: relation.from,
          to: relation.to,
        }
      : { clubId: '', type: null, membershipTypeLabel: '', from: '', to: null },
    // Spec 01 §2: exactly one club to choose from is preselected.
    values:
      !isEditing && onlyClub
        ? { clubId: onlyClub, type: null, membershipTypeLabel: '', from: '', to: null }
        : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const type = useWatch({ control, name: 'type' });
  const from = useWatch({ control, name: 'from' });
  const isBusy = create.isPending || update.isPending;
  const label = (key: string) => t(`field.${key}`);

  const submit = handleSubmit(async (values) => {
    setErrors([]);
    try {
      if (relation) {
        await update.mutateAsync({ personId, relationId: relation.id, body: { from: values.from, to: values.to } });
      } else {
        await create.mutateAsync({
          personId,
          body: {
            clubId: values.clubId,
            type: values.type as MembershipType,
            membershipTypeLabel: values.type === typeWithLabel ? values.membershipTypeLabel : null,
            from: values.from,
            to: values.to,
          },
        });
      }
      enqueueSnackbar(t('personDetail.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
      setErrors(errorMessages(error, t('common.saveError')));
    }
  });

  const dateField = (name: 'from' | 'to') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          label={label(name)}
          value={field.value || null}
          onChange={(value) => field.onChange(name === 'from' ? (value ?? '') : value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          min={name === 'to' ? from || undefined : undefined}
          required={name === 'from'}
          disabled={isBusy}
          errorText={translateFieldError(t, fieldState.error?.message, label(name))}
          fullWidth
        />
      )}
    />
  );

  return (
    <PersonDetailDialog
      open
      onClose={onClose}
      title={isEditing ? t('personDetail.clubs.editTitle') : t('personDetail.menu.assignment')}
      onSubmit={() => void submit()}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ErrorList title={t('common.saveError')} errors={errors} />
        {relation ? (
          <>
            <TextField label={label('clubId')} value={relation.club.name} disabled fullWidth />
            <TextField
              label={label('membershipType')}
              value={
                relation.type === typeWithLabel && relation.membershipTypeLabel
                  ? relation.membershipTypeLabel
                  : enumLabel(membershipTypeEnum, relation.type, t)
              }
              disabled
              fullWidth
            />
          </>
        ) : (
          <>
            <FormSelectField
              control={control}
              name="clubId"
              label={label('clubId')}
              options={clubChoices.map((club) => ({ value: club.id, label: club.name }))}
              required
              disabled={isBusy || clubs.isPending}
              helperText={clubs.isError ? t('common.loadError') : undefined}
            />
            <FormSelectField
              control={control}
              name="type"
              label={label('membershipType')}
              options={enumOptions(membershipTypeEnum, t)}
              required
              disabled={isBusy}
              onValueChange={(next) => {
                // Spec 01 §5: the label is cleared when the type changes away from other.
                if (next !== typeWithLabel) setValue('membershipTypeLabel', '', { shouldValidate: true });
              }}
            />
            {type === typeWithLabel ? (
              <FormTextField
                control={control}
                name="membershipTypeLabel"
                label={label('membershipTypeLabel')}
                required
                disabled={isBusy}
              />
            ) : null}
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {dateField('from')}
          {dateField('to')}
        </Stack>
      </Stack>
    </PersonDetailDialog>
  );
}
