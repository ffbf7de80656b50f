import { EventRegistrationType, RegistrationAvailability } from '@bpw/domain/enums/event';
import type { ActionAvailability } from '@bpw/domain/registration-availability';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { registerPath, registrationPublicPath, type PublicEventDetail } from './public-event';
import { useAvailabilityText } from './registration-icons';

const { Available, Disabled, Unavailable } = RegistrationAvailability;

interface RegistrationActionsProps {
  event: PublicEventDetail;
  /** False in the staff preview: the buttons show their state but lead nowhere. */
  isInteractive?: boolean;
  isSignedIn: boolean;
}

/** A button that opens a page of the app, an external page, or nothing (disabled or preview). */
function ActionButton(props: {
  to?: string;
  href?: string;
  isEnabled: boolean;
  isInteractive: boolean;
  icon: ReactNode;
  variant?: 'contained' | 'outlined';
  children: ReactNode;
}) {
  const { to, href, isEnabled, isInteractive, icon, variant = 'contained', children } = props;
  if (!isEnabled || !isInteractive) {
    return (
      <Button variant={variant} startIcon={icon} disabled={!isEnabled} aria-disabled={!isInteractive || undefined}>
        {children}
      </Button>
    );
  }
  if (href) {
    return (
      <Button variant={variant} startIcon={icon} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Button>
    );
  }
  return (
    <Button variant={variant} startIcon={icon} component={RouterLink} to={to ?? '#'}>
      {children}
    </Button>
  );
}

/**
 * Spec 02 §2 "Public event detail" actions from the availability rules of §4 (the caller's
 * `registrationStatus`, computed by the server with packages/domain): register, unregister (or the
 * external registration URL for both), manage event; each action's message is shown beside it.
 */
export function RegistrationActions({ event, isInteractive = true, isSignedIn }: RegistrationActionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const text = useAvailabilityText();
  const status = event.registrationStatus;
  const messages: { key: string; label: string; availability: ActionAvailability }[] = [];
  const buttons: ReactNode[] = [];

  if (event.registrationType === EventRegistrationType.ExternalRegistration && event.externalRegistrationUrl) {
    messages.push({ key: 'external', label: t('eventsShared.registration'), availability: status.external });
    if (status.external.mode !== Unavailable) {
      buttons.push(
        <ActionButton
          key="external"
          href={event.externalRegistrationUrl}
          isEnabled={status.external.mode === Available}
          isInteractive={isInteractive}
          icon={<OpenInNewIcon />}
        >
          {t('eventsShared.actions.registerExternally')}
        </ActionButton>,
      );
    }
  } else if (event.registrationType === EventRegistrationType.NoRegistration) {
    messages.push({ key: 'none', label: t('eventsShared.registration'), availability: status.registration });
  } else {
    messages.push({ key: 'registration', label: t('eventsShared.registration'), availability: status.registration });
    // Too early and too late say the same for both actions: once is enough. "Not registered"
    // means nothing to a visitor who is not signed in (a guest unregisters by her mailed link).
    const isNotRegisteredVisitor = !isSignedIn && status.unregistration.hint === 'notRegistered';
    if (status.unregistration.hint !== status.registration.hint && !isNotRegisteredVisitor) {
      messages.push({
        key: 'unregistration',
        label: t('eventsShared.unregistration'),
        availability: status.unregistration,
      });
    }
    if (status.registration.mode !== Unavailable) {
      buttons.push(
        <ActionButton
          key="register"
          to={registerPath(event.id)}
          isEnabled={status.registration.mode === Available}
          isInteractive={isInteractive}
          icon={<HowToRegIcon />}
        >
          {t('eventsShared.actions.register')}
        </ActionButton>,
      );
    }
    const registrationId = status.activeRegistrationIds[0];
    if (status.unregistration.mode === Available && registrationId) {
      buttons.push(
        <ActionButton
          key="unregister"
          to={registrationPublicPath(registrationId, 'unregister')}
          isEnabled
          isInteractive={isInteractive}
          icon={<PersonRemoveIcon />}
          variant="outlined"
        >
          {t('eventsShared.actions.unregister')}
        </ActionButton>,
      );
    } else if (status.unregistration.mode === Disabled && registrationId) {
      buttons.push(
        <ActionButton key="unregister" isEnabled={false} isInteractive={isInteractive} icon={<PersonRemoveIcon />}>
          {t('eventsShared.actions.unregister')}
        </ActionButton>,
      );
    }
  }
  if (event.canManage) {
    buttons.push(
      <ActionButton
        key="manage"
        to={`/events/${encodeURIComponent(event.id)}`}
        isEnabled
        isInteractive={isInteractive}
        icon={<EditCalendarIcon />}
        variant="outlined"
      >
        {t('eventsShared.actions.manage')}
      </ActionButton>,
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('eventsShared.registration')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: buttons.length ? 1.5 : 0 }}>
        {messages.map(({ key, label, availability }) => (
          <Typography component="li" key={key} variant="body1" data-testid={`availability-${key}`}>
            {key === 'registration' || key === 'unregistration'
              ? `${label}: ${text(availability)}`
              : text(availability)}
          </Typography>
        ))}
      </Box>
      {buttons.length ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {buttons}
        </Stack>
      ) : null}
    </Box>
  );
}
