import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNationalFees, useSaveNationalFee } from './api/invoicing-api';
import type { NationalFee } from './api/invoice-types';
import { chf } from './invoice-format';
import { MoneyField } from './money-field';
import { moneyInputText, parseMoney } from './money';
import { YearSelect } from './year-select';
import { YearlyAmountsSection } from './yearly-amounts-section';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

/** Issue 17: the association's national fee per year and person, levied through the clubs (admins). */
export function NationalFeeSection() {
  const { t, i18n } = useTranslation();
  return (
    <YearlyAmountsSection
      id="national-fee"
      texts="invoices.nationalFee"
      query={useNationalFees()}
      lineOf={(fee) =>
        t('invoices.nationalFee.line', {
          amount: chf(fee.amountCentimes, i18n.language),
          young: fee.youngCentimes === null ? t('invoices.schedule.noYoung') : chf(fee.youngCentimes, i18n.language),
        })
      }
      editor={(fee, _takenYears, onClose) => <NationalFeeDialog fee={fee} onClose={onClose} />}
    />
  );
}

function NationalFeeDialog({ fee, onClose }: { fee: NationalFee | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { errors, clearErrors, showErrors } = useFormErrors();
  const save = useSaveNationalFee();
  const [year, setYear] = useState(fee?.year ?? new Date().getFullYear());
  const [amount, setAmount] = useState(fee ? moneyInputText(fee.amountCentimes) : '');
  const [young, setYoung] = useState(fee?.youngCentimes != null ? moneyInputText(fee.youngCentimes) : '');
  const [isChecked, setIsChecked] = useState(false);
  const amountCentimes = parseMoney(amount);
  const youngCentimes = young.trim() ? parseMoney(young) : null;
  const isYoungInvalid = young.trim() !== '' && youngCentimes === null;
  const submit = async () => {
    setIsChecked(true);
    if (amountCentimes === null || isYoungInvalid) return;
    clearErrors();
    try {
      await save.mutateAsync({ year, body: { amountCentimes, youngCentimes } });
      enqueueSnackbar(t('invoices.nationalFee.saved', { year }), { variant: 'success' });
      onClose();
    } catch (error) {
      showErrors(error, t('common.saveError'));
    }
  };
  return (
    <FormDialog
      title={fee ? t('invoices.nationalFee.editTitle', { year }) : t('invoices.nationalFee.add')}
      errors={errors}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('invoices.schedule.save')}
      isBusy={save.isPending}
    >
      {fee ? null : <YearSelect value={year} onChange={setYear} />}
      <MoneyField
        label={t('invoices.nationalFee.amount')}
        value={amount}
        onChange={setAmount}
        error={isChecked && amountCentimes === null ? t('invoices.money.invalid') : undefined}
        isRequired
      />
      <MoneyField
        label={t('invoices.schedule.young')}
        value={young}
        onChange={setYoung}
        error={isChecked && isYoungInvalid ? t('invoices.money.invalid') : undefined}
        helperText={t('invoices.schedule.youngHint')}
      />
    </FormDialog>
  );
}
