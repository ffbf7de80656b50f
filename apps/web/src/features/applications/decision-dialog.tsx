import { isoDateOf } from '@bpw/domain/date-input';
import { memberTypes, membershipTypeLabelKey } from '@bpw/domain/enums/membership-type';
import type { Application } from '@bpw/domain/schemas/application';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDecideApplication } from './api/applications';
import { ClubOptionsSelect } from './club-options-select';
import { DateInput } from '../../components/date-input';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

export type DecisionKind = 'accept' | 'reject' | 'ask';

/** Accept (type, from, and for the association the club), reject (the reason) or ask (the question). */
export function DecisionDialog({
  application,
  kind,
  onClose,
}: {
  application: Application;
  kind: DecisionKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const decide = useDecideApplication(application.id);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const [membershipType, setMembershipType] = useState<number>(application.membershipType);
  const [from, setFrom] = useState<string | null>(isoDateOf(new Date()));
  const [clubId, setClubId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const label = (key: string) => t(`applications.${kind}.${key}`);
  const name = `${application.firstname} ${application.lastname}`;

  const submit = () => {
    clearErrors();
    const decision =
      kind === 'accept'
        ? { kind, body: { membershipType: membershipType as (typeof memberTypes)[number], from: from ?? '', clubId } }
        : kind === 'reject'
          ? { kind, body: { reason: text } }
          : { kind, body: { question: text } };
    decide.mutate(decision, {
      onSuccess: () => {
        enqueueSnackbar(label('done'), { variant: 'success' });
        onClose();
      },
      onError: (failure) => showErrors(failure, t('common.saveError')),
    });
  };

  return (
    <FormDialog
      title={label('title')}
      subtitle={name}
      errors={errors}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={label('submit')}
      isBusy={decide.isPending}
      isSubmitDisabled={kind === 'accept' ? !from || (application.clubId === null && !clubId) : text.trim() === ''}
    >
      <Stack spacing={2}>
        {kind === 'accept' ? (
          <>
            {application.clubId === null ? (
              <ClubOptionsSelect label={label('club')} value={clubId} onChange={setClubId} />
            ) : null}
            <TextField
              select
              label={label('membershipType')}
              value={membershipType}
              onChange={(event) => setMembershipType(Number(event.target.value))}
              required
              fullWidth
            >
              {memberTypes.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(membershipTypeLabelKey(type))}
                </MenuItem>
              ))}
            </TextField>
            <DateInput label={label('from')} value={from} onChange={setFrom} required fullWidth />
          </>
        ) : (
          <TextField
            label={label('text')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={4}
            required
            fullWidth
            autoFocus
          />
        )}
      </Stack>
    </FormDialog>
  );
}
