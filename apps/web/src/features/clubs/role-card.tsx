import OpenInNewIcon from '@mui/icons-material/ArrowForward';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  isMemberType,
  membershipTypeEnum,
  typeWithLabel,
  type MembershipType,
} from '@bpw/domain/enums/membership-type';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ClubRelation } from './api/get-club-relations';
import type { RoleGroup } from './club-roles';
import { PersonAvatar } from '../../components/person-avatar';
import { formatIsoDate } from '../../lib/dates';

const fullName = (relation: ClubRelation) =>
  [relation.person.firstname, relation.person.lastname].filter(Boolean).join(' ');

/** Diagonal stripes mark inactive rows (spec 01 §2: "striped"). */
const stripes = 'repeating-linear-gradient(135deg, transparent 0 10px, rgba(0, 0, 0, 0.045) 10px 20px)';

function RoleRow({ relation, isInactive }: { relation: ClubRelation; isInactive: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const name = fullName(relation);
  const from = formatIsoDate(relation.from, i18n.language);
  const dates = isInactive
    ? t('clubs.roles.fromTo', { from, to: relation.to ? formatIsoDate(relation.to, i18n.language) : '…' })
    : t('clubs.roles.since', { from });
  const details = [
    relation.type === typeWithLabel ? relation.membershipTypeLabel : null,
    isMemberType(relation.type) ? `(${t(membershipTypeEnum.labelKey(relation.type as MembershipType))})` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ListItem
      data-inactive={isInactive || undefined}
      sx={{ backgroundImage: isInactive ? stripes : undefined, pr: 7 }}
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={t('clubs.roles.openPerson', { name })}
          onClick={() => void navigate(`/persons/${relation.personId}`)}
        >
          <OpenInNewIcon />
        </IconButton>
      }
    >
      <ListItemAvatar>
        <PersonAvatar personId={relation.personId} avatarId={relation.person.avatarId} name={name} />
      </ListItemAvatar>
      <ListItemText
        primary={details ? `${name} ${details}` : name}
        secondary={dates}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/** One card of the Active roles tab: the role's active holders, and the inactive ones when shown. */
export function RoleCard({ group, showInactive }: { group: RoleGroup; showInactive: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(membershipTypeEnum.labelKey(group.key as MembershipType));
  const rows = showInactive ? [...group.active, ...group.inactive] : group.active;
  if (rows.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ pb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        <List dense disablePadding>
          {group.active.map((relation) => (
            <RoleRow key={relation.id} relation={relation} isInactive={false} />
          ))}
          {showInactive
            ? group.inactive.map((relation) => <RoleRow key={relation.id} relation={relation} isInactive />)
            : null}
        </List>
      </CardContent>
    </Card>
  );
}
