import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AvatarZoomDialog } from './avatar-zoom-dialog';
import { PersonAvatar } from '../../components/person-avatar';
import { personDisplayName } from '../../lib/current-person';

interface PersonDetailHeaderProps {
  person: PersonDetail;
  isArchived: boolean;
  /** The actions menu button, at the end of the header. */
  actions: ReactNode;
}

/** Avatar (click to zoom), full name, an Archived chip and the primary club chip (spec 01 §2). */
export function PersonDetailHeader({ person, isArchived, actions }: PersonDetailHeaderProps) {
  const { t } = useTranslation();
  const [isZoomed, setIsZoomed] = useState(false);
  const name = personDisplayName(person);
  const avatar = <PersonAvatar personId={person.id} avatarId={person.avatarId} name={name} diameter={72} />;
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, mb: 2 }}
    >
      {person.avatarId ? (
        <ButtonBase
          onClick={() => setIsZoomed(true)}
          aria-label={t('personDetail.header.zoomAvatar', { name })}
          sx={{ borderRadius: '50%' }}
        >
          {avatar}
        </ButtonBase>
      ) : (
        avatar
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          {isArchived ? <Chip color="error" size="small" label={t('enum.entityState.Archived')} /> : null}
          {person.primaryClub ? (
            <Chip
              size="small"
              variant="outlined"
              clickable
              component={RouterLink}
              to={`/clubs/${person.primaryClub.id}`}
              label={person.primaryClub.name}
              aria-label={t('personDetail.header.primaryClub', { club: person.primaryClub.name })}
            />
          ) : null}
        </Box>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{actions}</Box>
      <AvatarZoomDialog
        open={isZoomed}
        onClose={() => setIsZoomed(false)}
        personId={person.id}
        avatarId={person.avatarId}
        name={name}
      />
    </Box>
  );
}
