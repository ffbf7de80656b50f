import Chip from '@mui/material/Chip';
import {
  PaymentStatus,
  RegistrationState,
  paymentStatusEnum,
  registrationStateEnum,
} from '@bpw/domain/enums/registration';
import { useTranslation } from 'react-i18next';

/** Dark shades with white text keep the labels readable (WCAG AA), as the event state chip does. */
const stateColours: Record<number, { bgcolor: string; color: string }> = {
  [RegistrationState.Pending]: { bgcolor: 'info.dark', color: 'common.white' },
  [RegistrationState.Confirmed]: { bgcolor: 'success.dark', color: 'common.white' },
  [RegistrationState.Rejected]: { bgcolor: 'error.dark', color: 'common.white' },
  [RegistrationState.Unregistered]: { bgcolor: 'grey.700', color: 'common.white' },
};

export function RegistrationStateChip({ state }: { state: number }) {
  const { t } = useTranslation();
  const label = registrationStateEnum.is(state) ? t(registrationStateEnum.labelKey(state)) : String(state);
  return <Chip size="small" label={label} sx={{ ...(stateColours[state] ?? stateColours[10]), fontWeight: 500 }} />;
}

/** Spec 02 §3: Paid is shown in the success colour, otherwise the error colour. */
export function PaymentStatusChip({ status }: { status: number }) {
  const { t } = useTranslation();
  const isPaid = status === PaymentStatus.Paid;
  const label = paymentStatusEnum.is(status) ? t(paymentStatusEnum.labelKey(status)) : String(status);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      sx={{ color: isPaid ? 'success.dark' : 'error.dark', borderColor: isPaid ? 'success.dark' : 'error.dark' }}
    />
  );
}
