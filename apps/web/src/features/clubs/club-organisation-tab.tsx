import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { clubTypeEnum, type ClubType } from '@bpw/domain/enums/club-type';
import { MembershipType } from '@bpw/domain/enums/membership-type';
import type { Club } from '@bpw/domain/schemas/club';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveMemberCount, useClubRelations, type ClubRelation } from './api/get-club-relations';

const shownTypes = [MembershipType.president, MembershipType.database, MembershipType.responsibleEvents];

const namesOf = (relations: readonly ClubRelation[], type: number) =>
  relations
    .filter((relation) => relation.type === type)
    .map((relation) => [relation.person.firstname, relation.person.lastname].filter(Boolean).join(' '))
    .join(', ');

/**
 * The club's facts: name, type, active member count, president and club and event managers. The
 * count and the three roles are asked for as such (issue 24), never the club's whole list.
 */
export function ClubOrganisationTab({ club }: { club: Club }) {
  const { t } = useTranslation();
  const count = useActiveMemberCount(club.id);
  const roles = useClubRelations(club.id, {
    group: 'roles',
    isActive: true,
    types: shownTypes,
    sortBy: 'name',
    page: 0,
    perPage: 100,
  });
  const all = roles.data?.items ?? [];
  const pending = roles.isPending ? t('app.loading') : '–';
  const facts: [string, ReactNode][] = [
    [t('clubs.fields.name'), club.name],
    [t('clubs.fields.clubType'), t(clubTypeEnum.labelKey(club.clubType as ClubType))],
    [t('clubs.organisation.activeMembers'), count.data ? count.data.total : count.isPending ? t('app.loading') : '–'],
    [t('clubs.organisation.president'), namesOf(all, MembershipType.president) || pending],
    [t('clubs.organisation.clubManagers'), namesOf(all, MembershipType.database) || pending],
    [t('clubs.organisation.eventManagers'), namesOf(all, MembershipType.responsibleEvents) || pending],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(12rem, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.5 },
        m: 0,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1.5, sm: 0 } }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
