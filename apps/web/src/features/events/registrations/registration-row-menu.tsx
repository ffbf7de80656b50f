import CheckCircle from '@mui/icons-material/CheckCircle';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import MoneyOff from '@mui/icons-material/MoneyOff';
import MoreTime from '@mui/icons-material/MoreTime';
import MoreVert from '@mui/icons-material/MoreVert';
import Paid from '@mui/icons-material/Paid';
import PersonRemove from '@mui/icons-material/PersonRemove';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { PaymentStatus } from '@bpw/domain/enums/registration';
import type { AvailabilityEvent } from '@bpw/domain/registration-availability';
import type { EventRegistration } from '@bpw/domain/schemas/event-registration';
import { type ReactElement } from 'react';
import { useActionMenu } from '../../../components/use-action-menu';
import { useTranslation } from 'react-i18next';
import { canConfirmRegistration, canExtendRegistration, staffUnregistration } from './registration-row-rules';
import { useAvailabilityText } from '../shared/registration-icons';

export type RegistrationAction = 'edit' | 'confirm' | 'extend' | 'unregister' | 'paid' | 'unpaid' | 'delete';

interface Entry {
  action: RegistrationAction;
  icon: ReactElement;
  hint?: string | undefined;
  isDisabled?: boolean;
}

interface RegistrationRowMenuProps {
  event: AvailabilityEvent;
  registration: EventRegistration;
  now: Date;
  isBusy: boolean;
  onAction: (action: RegistrationAction, registration: EventRegistration) => void;
}

/**
 * A row's actions (spec 02 §2 "Registrations tab"): edit, confirm (Pending and not expired),
 * extend the time to confirm (Pending, issue 15), unregister
 * (disabled, with the reason, when not available), paid or unpaid (the one it is not), delete.
 */
export function RegistrationRowMenu({ event, registration, now, isBusy, onAction }: RegistrationRowMenuProps) {
  const { t } = useTranslation();
  const availabilityText = useAvailabilityText();
  const menu = useActionMenu();
  const name = `${registration.firstname} ${registration.lastname}`;
  const unregistration = staffUnregistration(event, registration, now);
  const isPaid = registration.paymentStatus === PaymentStatus.Paid;
  const entries: Entry[] = [
    { action: 'edit', icon: <Edit /> },
    ...(canConfirmRegistration(registration, now) ? [{ action: 'confirm' as const, icon: <CheckCircle /> }] : []),
    ...(canExtendRegistration(registration) ? [{ action: 'extend' as const, icon: <MoreTime /> }] : []),
    {
      action: 'unregister',
      icon: <PersonRemove />,
      isDisabled: !unregistration.isAvailable,
      hint: unregistration.reason ? availabilityText(unregistration.reason) : undefined,
    },
    isPaid ? { action: 'unpaid', icon: <MoneyOff /> } : { action: 'paid', icon: <Paid /> },
    { action: 'delete', icon: <Delete /> },
  ];
  return (
    <>
      <IconButton
        {...menu.buttonProps}
        aria-label={t('eventRegistrationsStaff.actions.open', { name })}
        disabled={isBusy}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu {...menu.menuProps}>
        {entries.map((entry) => (
          <MenuItem
            key={entry.action}
            disabled={entry.isDisabled}
            onClick={() => {
              menu.close();
              onAction(entry.action, registration);
            }}
          >
            <ListItemIcon>{entry.icon}</ListItemIcon>
            <ListItemText
              primary={t(`eventRegistrationsStaff.actions.${entry.action}`)}
              secondary={entry.hint}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: '18rem' } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
