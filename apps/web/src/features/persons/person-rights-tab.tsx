import { clubManagerType, eventManagerType, isMemberType, membershipTypeEnum } from '@bpw/domain/enums/membership-type';
import { Role } from '@bpw/domain/enums/roles';
import type { ToggleableRole } from '@bpw/domain/auth-schemas';
import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Event from '@mui/icons-material/Event';
import Groups from '@mui/icons-material/Groups';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Person from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePersonRoles } from './api/get-person-roles';
import { useToggleRole } from './api/toggle-role';
import type { PersonDetailAccess } from './person-detail-access';
import { enumLabel } from './person-detail-format';

interface PersonRightsTabProps {
  personId: string;
  access: PersonDetailAccess;
  /** The relations active today: the derived roles come from them (spec 01 §4 "Club relation"). */
  activeRelations: PersonClubRelation[];
}

function RightCard({
  icon,
  title,
  isGranted,
  children,
}: {
  icon: ReactElement;
  title: string;
  isGranted: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" component="section" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Box aria-hidden sx={{ display: 'flex', color: 'text.secondary' }}>
            {icon}
          </Box>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Chip
            size="small"
            color={isGranted ? 'success' : 'default'}
            label={t(isGranted ? 'personDetail.rights.granted' : 'personDetail.rights.notGranted')}
          />
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function ClubLinks({ relations }: { relations: PersonClubRelation[] }) {
  const { t } = useTranslation();
  if (relations.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {relations.map((relation) => (
        <li key={relation.id}>
          <Link component={RouterLink} to={`/clubs/${relation.clubId}`}>
            {relation.club.name}
          </Link>
          {isMemberType(relation.type) ? ` (${enumLabel(membershipTypeEnum, relation.type, t)})` : null}
        </li>
      ))}
    </Box>
  );
}

/**
 * Cards for admin, central committee, club manager, member and event manager (spec 01 §2 "Rights
 * tab"); admins toggle the first two for other persons. A failed toggle reloads (spec 01 §8).
 */
export function PersonRightsTab({ personId, access, activeRelations }: PersonRightsTabProps) {
  const { t } = useTranslation();
  const roles = usePersonRoles(personId);
  const toggle = useToggleRole();
  const roleNames = roles.data ?? [];
  const has = (role: Role) => roleNames.includes(role);
  const managed = activeRelations.filter((relation) => relation.type === clubManagerType);
  const member = activeRelations.filter((relation) => isMemberType(relation.type));
  const events = activeRelations.filter((relation) => relation.type === eventManagerType);

  const toggleSwitch = (role: ToggleableRole, isOn: boolean) =>
    access.canToggleRoles ? (
      <FormControlLabel
        label={t(`personDetail.rights.toggle.${role}`)}
        disabled={toggle.isPending || roles.isFetching}
        control={<Switch checked={isOn} onChange={() => toggle.mutate({ userId: personId, roleName: role })} />}
      />
    ) : null;

  if (roles.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <RightCard icon={<AdminPanelSettings />} title={t('enum.role.Admin')} isGranted={has(Role.Admin)}>
        <Typography variant="body2" color="text.secondary">
          {t('personDetail.rights.adminText')}
        </Typography>
        {toggleSwitch(Role.Admin, has(Role.Admin))}
      </RightCard>
      <RightCard
        icon={<Groups />}
        title={t('enum.role.CentralExecutiveCommittee')}
        isGranted={has(Role.CentralExecutiveCommittee)}
      >
        <Typography variant="body2" color="text.secondary">
          {t('personDetail.rights.committeeText')}
        </Typography>
        {toggleSwitch(Role.CentralExecutiveCommittee, has(Role.CentralExecutiveCommittee))}
      </RightCard>
      <RightCard icon={<ManageAccounts />} title={t('enum.role.clubManager')} isGranted={managed.length > 0}>
        <Typography variant="body2" color="text.secondary">
          {t('personDetail.rights.clubManagerText')}
        </Typography>
        <ClubLinks relations={managed} />
      </RightCard>
      <RightCard icon={<Person />} title={t('enum.role.member')} isGranted={member.length > 0}>
        <Typography variant="body2" color="text.secondary">
          {t('personDetail.rights.memberText')}
        </Typography>
        <ClubLinks relations={member} />
      </RightCard>
      <RightCard icon={<Event />} title={t('enum.role.eventManager')} isGranted={events.length > 0}>
        <Typography variant="body2" color="text.secondary">
          {t('personDetail.rights.eventManagerText')}
        </Typography>
        <ClubLinks relations={events} />
      </RightCard>
    </Box>
  );
}
