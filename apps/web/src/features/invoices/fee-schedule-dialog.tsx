import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveFeeSchedule } from './api/invoicing-api';
import type { FeeSchedule } from './api/invoice-types';
import { MoneyField } from './money-field';
import { moneyInputText, parseMoney } from './money';
import { YearSelect } from './year-select';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

type Props = { clubId: string; schedule: FeeSchedule | null; takenYears: number[]; onClose: () => void };
type Amounts = { single: string; collective: string; company: string; young: string };

/** Set up or change the fees of one year: single, collective, company and (optional) young. */
export function FeeScheduleDialog({ clubId, schedule, takenYears, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const save = useSaveFeeSchedule(clubId);
  const firstFreeYear = (() => {
    let year = new Date().getFullYear();
    while (takenYears.includes(year)) year += 1;
    return year;
  })();
  const [year, setYear] = useState(schedule?.year ?? firstFreeYear);
  const [amounts, setAmounts] = useState<Amounts>({
    single: schedule ? moneyInputText(schedule.singleCentimes) : '',
    collective: schedule ? moneyInputText(schedule.collectiveCentimes) : '',
    company: schedule ? moneyInputText(schedule.companyCentimes) : '',
    young: schedule?.youngCentimes != null ? moneyInputText(schedule.youngCentimes) : '',
  });
  const [isChecked, setIsChecked] = useState(false);
  const parsed = {
    single: parseMoney(amounts.single),
    collective: parseMoney(amounts.collective),
    company: parseMoney(amounts.company),
    young: amounts.young.trim() ? parseMoney(amounts.young) : null,
  };
  const invalid = {
    single: parsed.single === null,
    collective: parsed.collective === null,
    company: parsed.company === null,
    young: amounts.young.trim() !== '' && parsed.young === null,
  };
  const errorOf = (name: keyof Amounts) => (isChecked && invalid[name] ? t('invoices.money.invalid') : undefined);
  const set = (name: keyof Amounts) => (text: string) => setAmounts((previous) => ({ ...previous, [name]: text }));
  const submit = async () => {
    setIsChecked(true);
    if (Object.values(invalid).some(Boolean)) return;
    clearErrors();
    try {
      await save.mutateAsync({
        year,
        body: {
          singleCentimes: parsed.single!,
          collectiveCentimes: parsed.collective!,
          companyCentimes: parsed.company!,
          youngCentimes: parsed.young,
        },
      });
      enqueueSnackbar(t('invoices.schedule.saved', { year }), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  return (
    <FormDialog
      title={schedule ? t('invoices.schedule.editTitle', { year }) : t('invoices.schedule.add')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('invoices.schedule.save')}
      isBusy={save.isPending}
    >
      {schedule ? null : <YearSelect value={year} onChange={setYear} />}
      <MoneyField
        label={t('invoices.schedule.single')}
        value={amounts.single}
        onChange={set('single')}
        error={errorOf('single')}
        isRequired
        autoFocus={Boolean(schedule)}
      />
      <MoneyField
        label={t('invoices.schedule.collective')}
        value={amounts.collective}
        onChange={set('collective')}
        error={errorOf('collective')}
        isRequired
      />
      <MoneyField
        label={t('invoices.schedule.company')}
        value={amounts.company}
        onChange={set('company')}
        error={errorOf('company')}
        isRequired
      />
      <MoneyField
        label={t('invoices.schedule.young')}
        value={amounts.young}
        onChange={set('young')}
        error={errorOf('young')}
        helperText={t('invoices.schedule.youngHint')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('invoices.schedule.singleNoFee')}
      </Typography>
    </FormDialog>
  );
}
