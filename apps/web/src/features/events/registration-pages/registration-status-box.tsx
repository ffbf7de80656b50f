import { RegistrationState } from '@bpw/domain/enums/registration';
import type { PublicRegistration } from '@bpw/domain/schemas/event-registration';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../shared/format-event-date';

const statusByState: Record<number, { severity: AlertColor; key: string }> = {
  [RegistrationState.Pending]: { severity: 'info', key: 'pending' },
  [RegistrationState.Waiting]: { severity: 'info', key: 'waiting' },
  [RegistrationState.Confirmed]: { severity: 'success', key: 'confirmed' },
  [RegistrationState.Rejected]: { severity: 'warning', key: 'rejected' },
  [RegistrationState.Unregistered]: { severity: 'success', key: 'unregistered' },
};

/**
 * Spec 02 §2 "Confirmation page": Pending an info, Confirmed and Unregistered a success message;
 * an expired Pending one a warning (issue 15); Waiting her place in the line (issue 19).
 */
export function RegistrationStatusBox({ registration }: { registration: PublicRegistration }) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  // Issue 15: a Pending registration not confirmed in time cannot be confirmed any more.
  const isExpired =
    registration.eventRegistrationState === RegistrationState.Pending &&
    registration.expiresAt !== null &&
    Date.parse(registration.expiresAt) <= now;
  const status = isExpired
    ? { severity: 'warning' as const, key: 'expired' }
    : (statusByState[registration.eventRegistrationState] ?? statusByState[RegistrationState.Pending]!);
  const name = [registration.firstname, registration.lastname].filter(Boolean).join(' ');
  return (
    <Alert severity={status.severity} role="status" sx={{ width: '100%' }}>
      <AlertTitle>{t(`eventRegistrationPages.status.${status.key}.title`)}</AlertTitle>
      {t(`eventRegistrationPages.status.${status.key}.text`, { name, place: registration.waitingListPlace ?? '' })}
      {/* Issue 19: moved up from the waiting list, her place is held until she confirms. */}
      {registration.movedUpAt &&
      !isExpired &&
      registration.expiresAt &&
      registration.eventRegistrationState === RegistrationState.Pending
        ? ` ${t('eventRegistrationPages.status.movedUp', { date: formatDateTime(registration.expiresAt, i18n.language) })}`
        : null}
    </Alert>
  );
}
