import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { membershipTypeEnum, type MembershipType } from '@bpw/domain/enums/membership-type';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ClubRelation } from './api/get-club-relations';
import { activeMembers, todayIso } from './club-roles';
import { formatIsoDate } from './format-date';
import { PersonAvatar } from '../../components/person-avatar';

/**
 * The club's people: its active members (member types 0-3), each once, opening the person. The
 * persons list with the club filter is another feature's page; this is a small list of our own.
 */
export function ClubMembersTab({ relations }: { relations: UseQueryResult<ClubRelation[]> }) {
  const { t, i18n } = useTranslation();
  const members = useMemo(() => activeMembers(relations.data ?? [], todayIso()), [relations.data]);
  if (relations.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="rectangular" height={160} />
      </Box>
    );
  }
  if (relations.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  if (members.length === 0) return <Typography color="text.secondary">{t('clubs.members.none')}</Typography>;
  return (
    <>
      <Typography variant="h6" component="h2">
        {t('clubs.members.count', { count: members.length })}
      </Typography>
      <List aria-label={t('clubs.tabs.members')}>
        {members.map((relation) => {
          const name = [relation.person.firstname, relation.person.lastname].filter(Boolean).join(' ');
          const type = t(membershipTypeEnum.labelKey(relation.type as MembershipType));
          return (
            <ListItem key={relation.personId} disablePadding>
              <ListItemButton component={RouterLink} to={`/persons/${relation.personId}`}>
                <ListItemAvatar>
                  <PersonAvatar personId={relation.personId} avatarId={relation.person.avatarId} name={name} />
                </ListItemAvatar>
                <ListItemText
                  primary={name}
                  secondary={`${type} · ${t('clubs.roles.since', { from: formatIsoDate(relation.from, i18n.language) })}`}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
