import { EventRegistrationType, RegistrationAvailability, eventRegistrationTypeEnum } from '@bpw/domain/enums/event';
import { availabilityHintKey, type ActionAvailability } from '@bpw/domain/registration-availability';
import BlockIcon from '@mui/icons-material/Block';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format-event-date';

const typeIcons: Record<EventRegistrationType, SvgIconComponent> = {
  [EventRegistrationType.NoRegistration]: BlockIcon,
  [EventRegistrationType.UnlimitedSlots]: AllInclusiveIcon,
  [EventRegistrationType.LimitedSlots]: EventSeatIcon,
  [EventRegistrationType.ExternalRegistration]: OpenInNewIcon,
};

/** The slot text "available of total" (spec 02 §9), or null when the event is not limited. */
export function useSlotsText() {
  const { t } = useTranslation();
  return (event: { registrationSlots: number | null; availableRegistrationSlots: number | null }) =>
    event.registrationSlots && event.registrationSlots > 0
      ? t('eventsShared.slots', {
          available: Math.max(0, event.availableRegistrationSlots ?? 0),
          total: event.registrationSlots,
        })
      : null;
}

/** The registration type as an icon with its name, and the free slots of a limited event. */
export function RegistrationTypeBadge(props: {
  registrationType: EventRegistrationType;
  registrationSlots: number | null;
  availableRegistrationSlots: number | null;
}) {
  const { t } = useTranslation();
  const slotsText = useSlotsText()(props);
  const Icon = typeIcons[props.registrationType] ?? BlockIcon;
  const label = t(eventRegistrationTypeEnum.labelKey(props.registrationType));
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" component="span">
        {slotsText ? `${label}: ${slotsText}` : label}
      </Typography>
    </Box>
  );
}

/** The message of an action's availability (spec 02 §4 "Messages shown"). */
export function useAvailabilityText() {
  const { t, i18n } = useTranslation();
  return (availability: ActionAvailability) =>
    t(availabilityHintKey(availability.hint), {
      date: availability.until ? formatDateTime(availability.until, i18n.language) : '',
    });
}

const modeColour: Record<number, string> = {
  [RegistrationAvailability.Available]: 'success.dark',
  [RegistrationAvailability.Disabled]: 'error.dark',
  [RegistrationAvailability.Unavailable]: 'text.disabled',
};

/** Registration and unregistration availability as two icons with their messages (staff list, tiles). */
export function RegistrationAvailabilityIcons({
  registration,
  unregistration,
}: {
  registration: ActionAvailability;
  unregistration: ActionAvailability;
}) {
  const { t } = useTranslation();
  const text = useAvailabilityText();
  const items = [
    { key: 'registration', Icon: HowToRegIcon, availability: registration, name: t('eventsShared.registration') },
    {
      key: 'unregistration',
      Icon: PersonRemoveIcon,
      availability: unregistration,
      name: t('eventsShared.unregistration'),
    },
  ];
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
      {items.map(({ key, Icon, availability, name }) => {
        const label = `${name}: ${text(availability)}`;
        return (
          <Tooltip key={key} title={label}>
            <Icon
              fontSize="small"
              role="img"
              aria-label={label}
              aria-hidden={false}
              sx={{ color: modeColour[availability.mode] ?? 'text.disabled' }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
