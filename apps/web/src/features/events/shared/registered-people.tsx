import { EventRegistrationType } from '@bpw/domain/enums/event';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisteredPeople } from './api/get-registered-people';
import { ApiError } from '../../../api/api-error';
import type { PublicEventDetail } from './public-event';

/**
 * Spec 02 §2: the registered people, for signed-in users only, when the event has its own
 * registration (not external) and its list is public; the server answers Confirmed ones only.
 */
export function shouldShowRegisteredPeople(event: PublicEventDetail, isSignedIn: boolean): boolean {
  return (
    isSignedIn &&
    event.isRegistrationListPublic &&
    (event.registrationType === EventRegistrationType.UnlimitedSlots ||
      event.registrationType === EventRegistrationType.LimitedSlots)
  );
}

export function RegisteredPeople({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, isPending, error } = useRegisteredPeople(eventId, true);
  // A refusal (the staff preview of an event that is not public yet) shows as an empty list.
  const isError = Boolean(error) && !(error instanceof ApiError && error.status < 500);
  const people = data?.items ?? [];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('eventsShared.registeredPeople.title')}
        {data ? ` (${data.total})` : ''}
      </Typography>
      {isPending ? <LinearProgress aria-label={t('app.loading')} /> : null}
      {isError ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
      {(data || (error && !isError)) && people.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('eventsShared.registeredPeople.empty')}</Typography>
      ) : null}
      {people.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { sm: 2, md: 3 } }}>
          {people.map((person, index) => (
            <li key={`${person.firstname}-${person.lastname}-${index}`}>
              {[person.firstname, person.lastname].filter(Boolean).join(' ')}
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
