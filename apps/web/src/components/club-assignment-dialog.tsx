import { isoDateOf } from '@bpw/domain/date-input';
import { membershipTypeEnum, typeWithLabel, type MembershipType } from '@bpw/domain/enums/membership-type';
import {
  membershipTypeLabelFor,
  clubRelationCreateBodySchema,
  clubRelationUpdateBodySchema,
  type ClubRelationCreateBody,
  type ClubRelationUpdateBody,
  type PersonClubRelation,
} from '@bpw/domain/schemas/membership';
import { ValidationCode } from '@bpw/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import type { ReactNode, Ref } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useClubOptions } from './club-options';
import { DateInput } from './date-input';
import { FormDialog, useFormErrors } from './form-dialog';
import { FormSelectField } from './form-select-field';
import { FormTextField } from './form-text-field';
import { useActor } from '../lib/use-claims';
import { translateFieldError } from '../lib/validation';

export interface ClubAssignmentValues {
  personId: string;
  clubId: string;
  type: MembershipType | null;
  membershipTypeLabel: string;
  from: string;
  to: string | null;
}

/** Spec 01 §5 "Club assignment": the payload's rules, and a person when she is not fixed. */
export const clubAssignmentSchema = z
  .object({ personId: z.string().min(1, { error: ValidationCode.required }) })
  .and(clubRelationCreateBodySchema);

/** The person field's binding; the feature that knows how to find persons renders it. */
export interface PersonFieldProps {
  label: string;
  onChange: (personId: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  disabled: boolean;
  /** The translated validation message. */
  error: string | undefined;
}

interface ClubAssignmentDialogProps {
  title: string;
  /** The fixed person (person page); else `personField` chooses her (club page). */
  personId?: string;
  personField?: { label: string; render: (field: PersonFieldProps) => ReactNode };
  /** The fixed club (club page); else one of the clubs the user manages is chosen. */
  clubId?: string;
  /** The assignment to edit: only from and to change. */
  relation?: PersonClubRelation | undefined;
  onCreate: (personId: string, body: ClubRelationCreateBody) => Promise<unknown>;
  onUpdate?: (relation: PersonClubRelation, body: ClubRelationUpdateBody) => Promise<unknown>;
  savedMessage: string;
  onClose: () => void;
}

/**
 * Spec 01 §2 "Club assignment form" (§5 "Club assignment"), on the person's page and on the club's:
 * person (unless fixed), club (unless fixed; non-admins choose among the clubs they manage, one is
 * preselected), membership type, a label only for type other (cleared when the type changes),
 * from (today to start with) and to. Editing allows only from and to. Mount it while open.
 */
export function ClubAssignmentDialog({
  title,
  personId = '',
  personField,
  clubId = '',
  relation,
  onCreate,
  onUpdate,
  savedMessage,
  onClose,
}: ClubAssignmentDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const actor = useActor();
  const isEditing = relation !== undefined;
  const isClubChosen = !isEditing && !clubId;
  const clubs = useClubOptions({ limitTo: actor.isAdmin ? null : actor.clubManagerOf });
  const { errors, clearErrors, showErrors } = useFormErrors();
  const onlyClub = isClubChosen && clubs.options.length === 1 ? clubs.options[0]?.id : undefined;
  const initial: ClubAssignmentValues = relation
    ? {
        personId,
        clubId: relation.clubId,
        type: relation.type as MembershipType,
        membershipTypeLabel: relation.membershipTypeLabel ?? '',
        from: relation.from,
        to: relation.to,
      }
    : { personId, clubId, type: null, membershipTypeLabel: '', from: isoDateOf(new Date()), to: null };
  const { control, handleSubmit, formState, setValue } = useForm<ClubAssignmentValues>({
    resolver: zodResolver(
      isEditing ? clubRelationUpdateBodySchema : clubAssignmentSchema,
    ) as unknown as Resolver<ClubAssignmentValues>,
    mode: 'onChange',
    defaultValues: initial,
    // Spec 01 §2: exactly one club to choose from is preselected.
    values: onlyClub ? { ...initial, clubId: onlyClub } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const type = useWatch({ control, name: 'type' });
  const from = useWatch({ control, name: 'from' });
  const isBusy = formState.isSubmitting;
  const label = (key: string) => t(`field.${key}`);

  const submit = handleSubmit(async (values) => {
    clearErrors();
    try {
      if (relation) await onUpdate?.(relation, { from: values.from, to: values.to });
      else {
        await onCreate(values.personId, {
          clubId: values.clubId,
          type: values.type as MembershipType,
          membershipTypeLabel: membershipTypeLabelFor(values.type, values.membershipTypeLabel),
          from: values.from,
          to: values.to,
        });
      }
      enqueueSnackbar(savedMessage, { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
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
    <FormDialog
      title={title}
      errors={errors}
      errorTitle={t('common.saveError')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('common.save')}
      isSubmitDisabled={!formState.isValid}
      isBusy={isBusy}
    >
      {!isEditing && personField ? (
        <Controller
          control={control}
          name="personId"
          render={({ field, fieldState }) => (
            <>
              {personField.render({
                label: personField.label,
                onChange: field.onChange,
                onBlur: field.onBlur,
                inputRef: field.ref,
                disabled: isBusy,
                error: translateFieldError(t, fieldState.error?.message, personField.label),
              })}
            </>
          )}
        />
      ) : null}
      {relation ? (
        <>
          <TextField label={label('clubId')} value={relation.club.name} disabled fullWidth />
          <TextField
            label={label('membershipType')}
            value={
              relation.type === typeWithLabel && relation.membershipTypeLabel
                ? relation.membershipTypeLabel
                : t(membershipTypeEnum.labelKey(relation.type as MembershipType))
            }
            disabled
            fullWidth
          />
        </>
      ) : (
        <>
          {isClubChosen ? (
            <FormSelectField
              control={control}
              name="clubId"
              label={label('clubId')}
              options={clubs.options.map((club) => ({ value: club.id, label: club.name }))}
              required
              disabled={isBusy || clubs.isLoading}
            />
          ) : null}
          <FormSelectField
            control={control}
            name="type"
            label={label('membershipType')}
            options={membershipTypeEnum.values.map((value) => ({
              value,
              label: t(membershipTypeEnum.labelKey(value)),
            }))}
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
    </FormDialog>
  );
}
