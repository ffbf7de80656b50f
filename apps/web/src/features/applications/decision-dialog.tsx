import { isoDateOf } from '@bpw/domain/date-input';
import { memberTypes, membershipTypeLabelKey } from '@bpw/domain/enums/membership-type';
import { clubFeeFor, firstFeeYear, isYoungForFeeYear } from '@bpw/domain/invoice-fees';
import type { Application, ApplicationAccepted } from '@bpw/domain/schemas/application';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDecideApplication } from './api/applications';
import { useClubFeeSchedule } from './api/club-fee-schedule';
import { AcceptedDialog } from './accepted-dialog';
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
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const invoiceHintId = useId();
  const decide = useDecideApplication(application.id);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const [membershipType, setMembershipType] = useState<number>(application.membershipType);
  const [from, setFrom] = useState<string | null>(isoDateOf(new Date()));
  const [clubId, setClubId] = useState<string | null>(null);
  const [text, setText] = useState('');
  // Issue 25 with issue 17: her first invoice, offered when the club has a fee schedule for the
  // year; checked unless she unticks it (docs/decisions/applications.md).
  const [isInvoiceWanted, setIsInvoiceWanted] = useState(true);
  const [accepted, setAccepted] = useState<ApplicationAccepted | null>(null);
  const today = isoDateOf(new Date());
  const feeYear = firstFeeYear(from ?? today, today);
  const invoiceClubId = kind === 'accept' ? (application.clubId ?? clubId) : null;
  const schedule = useClubFeeSchedule(invoiceClubId, feeYear);
  const isInvoiceOffered = Boolean(schedule.data);
  const label = (key: string) => t(`applications.${kind}.${key}`);
  const name = `${application.firstname} ${application.lastname}`;
  const clubFee = schedule.data
    ? clubFeeFor(schedule.data, membershipType, isYoungForFeeYear(application.birthday, feeYear))
    : 0;

  const submit = () => {
    clearErrors();
    const decision =
      kind === 'accept'
        ? {
            kind,
            body: {
              membershipType: membershipType as (typeof memberTypes)[number],
              from: from ?? '',
              clubId,
              ...(isInvoiceOffered && isInvoiceWanted ? { createFirstInvoice: true } : {}),
            },
          }
        : kind === 'reject'
          ? { kind, body: { reason: text } }
          : { kind, body: { question: text } };
    decide.mutate(decision, {
      onSuccess: (answer) => {
        const result = kind === 'accept' ? (answer as ApplicationAccepted | undefined) : undefined;
        // With her first invoice the outcome stays on screen: its number, or why none was made.
        if (result?.firstInvoice) return setAccepted(result);
        enqueueSnackbar(label('done'), { variant: 'success' });
        onClose();
      },
      onError: (failure) => showErrors(failure, t('common.saveError')),
    });
  };

  if (accepted?.firstInvoice) return <AcceptedDialog name={name} result={accepted.firstInvoice} onClose={onClose} />;

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
            {isInvoiceOffered ? (
              <div>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={isInvoiceWanted}
                      onChange={(event) => setIsInvoiceWanted(event.target.checked)}
                      slotProps={{ input: { 'aria-describedby': invoiceHintId } }}
                    />
                  }
                  label={t('applications.accept.firstInvoice', { year: feeYear })}
                />
                <FormHelperText id={invoiceHintId} sx={{ mt: 0 }}>
                  {clubFee > 0
                    ? t('applications.accept.firstInvoiceHint', {
                        amount: new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'CHF' }).format(
                          clubFee / 100,
                        ),
                      })
                    : t('applications.accept.firstInvoiceNoClubFee')}
                </FormHelperText>
              </div>
            ) : null}
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
