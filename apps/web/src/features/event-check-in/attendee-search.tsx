import { RegistrationState, registrationStateLabelKey } from '@bpw/domain/enums/registration';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredAttendee } from './check-in-db';
import { useCheckInTime } from './door-result';

const SHOWN = 30;
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Search by name in the device's list (works offline); a tap checks the person in. */
export function AttendeeSearch({
  attendees,
  onCheckIn,
}: {
  attendees: readonly StoredAttendee[];
  onCheckIn: (attendee: StoredAttendee) => void;
}) {
  const { t } = useTranslation();
  const time = useCheckInTime();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => {
    const words = fold(deferred).split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    return attendees
      .filter((a) => {
        const name = fold(`${a.firstname} ${a.lastname}`);
        return words.every((word) => name.split(/\s+/).some((part) => part.startsWith(word)));
      })
      .sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname))
      .slice(0, SHOWN);
  }, [attendees, deferred]);
  return (
    <>
      <TextField
        label={t('eventCheckIn.search.label')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        type="search"
        fullWidth
        autoComplete="off"
      />
      {deferred.trim() && matches.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{t('eventCheckIn.search.none')}</Typography>
      ) : null}
      <List aria-label={t('eventCheckIn.search.results')}>
        {matches.map((a) => {
          const name = `${a.firstname} ${a.lastname}`;
          const isConfirmed = a.eventRegistrationState === RegistrationState.Confirmed;
          const status = a.checkedInAt
            ? t('eventCheckIn.search.checkedInAt', { time: time(a.checkedInAt) })
            : isConfirmed
              ? t('eventCheckIn.search.notYet')
              : t(registrationStateLabelKey(a.eventRegistrationState as never));
          return (
            <ListItem
              key={a.registrationId}
              divider
              secondaryAction={
                isConfirmed && !a.checkedInAt ? (
                  <Button
                    variant="contained"
                    onClick={() => onCheckIn(a)}
                    aria-label={t('eventCheckIn.search.checkInName', { name })}
                  >
                    {t('eventCheckIn.search.checkIn')}
                  </Button>
                ) : null
              }
              sx={{ pr: 16 }}
            >
              <ListItemText primary={name} secondary={status} />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
