import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isRelationActiveOn } from '@bpw/domain/actor';
import { clubTypeEnum, type ClubType } from '@bpw/domain/enums/club-type';
import { MembershipType } from '@bpw/domain/enums/membership-type';
import type { Club } from '@bpw/domain/schemas/club';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClubRelation } from './api/get-club-relations';
import { activeMembers, todayIso } from './club-roles';

const namesOf = (relations: readonly ClubRelation[], type: number, today: string) =>
  relations
    .filter((relation) => relation.type === type && isRelationActiveOn(relation, today))
    .map((relation) => [relation.person.firstname, relation.person.lastname].filter(Boolean).join(' '))
    .join(', ');

/** The club's facts: name, type, active member count, president and club and event managers. */
export function ClubOrganisationTab({ club, relations }: { club: Club; relations: UseQueryResult<ClubRelation[]> }) {
  const { t } = useTranslation();
  const today = todayIso();
  const all = relations.data ?? [];
  const pending = relations.isPending ? t('app.loading') : '–';
  const facts: [string, ReactNode][] = [
    [t('clubs.fields.name'), club.name],
    [t('clubs.fields.clubType'), t(clubTypeEnum.labelKey(club.clubType as ClubType))],
    [t('clubs.organisation.activeMembers'), relations.data ? activeMembers(all, today).length : pending],
    [t('clubs.organisation.president'), namesOf(all, MembershipType.president, today) || pending],
    [t('clubs.organisation.clubManagers'), namesOf(all, MembershipType.database, today) || pending],
    [t('clubs.organisation.eventManagers'), namesOf(all, MembershipType.responsibleEvents, today) || pending],
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
