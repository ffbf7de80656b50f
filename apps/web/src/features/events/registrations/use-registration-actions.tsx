import { PaymentStatus, RegistrationState } from '@bpw/domain/enums/registration';
import type { EventRegistration } from '@bpw/domain/schemas/event-registration';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeRegistration, type RegistrationChange } from './api/change-registration';
import type { RegistrationAction } from './registration-row-menu';
import { ApiError } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../shared/format-event-date';

const fullName = (registration: EventRegistration) => `${registration.firstname} ${registration.lastname}`;

/**
 * What the row actions do (spec 02 §2, §8): confirm, paid and unpaid at once; unregister and
 * delete after a confirmation; edit opens the dialog the caller renders. Failures end in a
 * snackbar: a failed confirm shows the server's messages joined by ", " (else the update error),
 * a failed delete the delete error, the other changes the update error with the server's reason.
 */
export function useRegistrationActions(eventId: string) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangeRegistration(eventId);
  const [editing, setEditing] = useState<EventRegistration | null>(null);
  // Kept after closing, so the dialog keeps its text while it fades out.
  const [asking, setAsking] = useState<{
    action: 'unregister' | 'delete';
    registration: EventRegistration;
    isOpen: boolean;
  } | null>(null);

  const run = async (registration: EventRegistration, action: Exclude<RegistrationAction, 'edit'>) => {
    const changes: Record<typeof action, RegistrationChange> = {
      confirm: { kind: 'state', eventRegistrationState: RegistrationState.Confirmed },
      extend: { kind: 'extend' },
      unregister: { kind: 'state', eventRegistrationState: RegistrationState.Unregistered },
      paid: { kind: 'payment', paymentStatus: PaymentStatus.Paid },
      unpaid: { kind: 'payment', paymentStatus: PaymentStatus.Unpaid },
      delete: { kind: 'delete' },
    };
    const name = fullName(registration);
    try {
      const changed = await change.mutateAsync({ id: registration.id, change: changes[action] });
      const date = changed?.expiresAt ? formatDateTime(changed.expiresAt, i18n.language) : '';
      enqueueSnackbar(t(`eventRegistrationsStaff.done.${action}`, { name, date }), { variant: 'success' });
    } catch (error) {
      const reasons = error instanceof ApiError ? error.errors : [];
      const message =
        action === 'confirm'
          ? reasons.join(', ') || t('common.updateError')
          : [t(action === 'delete' ? 'common.deleteError' : 'common.updateError'), ...reasons].join(' ');
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  // Stable, so the table's columns need not be rebuilt on every render.
  const onAction = useCallback((action: RegistrationAction, registration: EventRegistration) => {
    if (action === 'edit') setEditing(registration);
    else if (action === 'unregister' || action === 'delete') setAsking({ action, registration, isOpen: true });
    else void runRef.current(registration, action);
  }, []);

  const confirmDialog = (
    <ConfirmDialog
      open={asking?.isOpen ?? false}
      title={asking ? t(`eventRegistrationsStaff.ask.${asking.action}Title`) : ''}
      message={
        asking ? t(`eventRegistrationsStaff.ask.${asking.action}Message`, { name: fullName(asking.registration) }) : ''
      }
      confirmLabel={asking ? t(`eventRegistrationsStaff.actions.${asking.action}`) : ''}
      onConfirm={() => {
        if (asking) void run(asking.registration, asking.action);
        setAsking((previous) => previous && { ...previous, isOpen: false });
      }}
      onCancel={() => setAsking((previous) => previous && { ...previous, isOpen: false })}
    />
  );
  return { onAction, editing, stopEditing: () => setEditing(null), confirmDialog, isBusy: change.isPending };
}
