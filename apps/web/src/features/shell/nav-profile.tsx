import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../components/person-avatar';
import { personDisplayName, useCurrentPerson } from '../../lib/current-person';

/** Avatar, name and primary club of the signed-in person; opens her own page. */
export function NavProfile({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { data: person, isPending } = useCurrentPerson();
  if (isPending || !person) {
    return (
      <ListItemButton disabled aria-busy="true">
        <Skeleton variant="circular" width={40} height={40} sx={{ mr: 2 }} />
        <ListItemText primary={isPending ? t('app.loading') : ''} />
      </ListItemButton>
    );
  }
  const name = personDisplayName(person);
  return (
    <ListItemButton
      component={RouterLink}
      to={`/persons/${person.id}`}
      onClick={onNavigate}
      title={t('nav.ownProfile')}
    >
      <ListItemAvatar>
        <PersonAvatar personId={person.id} avatarId={person.avatarId} name={name} />
      </ListItemAvatar>
      <ListItemText
        primary={name}
        secondary={person.primaryClub?.name}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
      />
    </ListItemButton>
  );
}
