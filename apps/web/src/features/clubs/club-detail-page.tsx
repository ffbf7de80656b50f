import Chip from '@mui/material/Chip';
import { clubTypeEnum, type ClubType } from '@bpw/domain/enums/club-type';
import type { Club } from '@bpw/domain/schemas/club';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClub } from './api/get-club';
import { ClubMembersTab } from './club-members-tab';
import { ClubMenu } from './club-menu';
import { ClubOrganisationTab } from './club-organisation-tab';
import type { ClubExtraMenuItem } from './club-page-extensions';
import { ClubRolesTab } from './club-roles-tab';
import { ClubTypeIcon } from './club-type-icon';
import { TabbedDetailPage, type DetailTab } from '../../components/tabbed-detail-page';

interface ClubDetailPageProps {
  /** Tabs of other features after the page's own (spec 01 §2: Events for event managers). */
  extraTabs?: (club: Club) => DetailTab[];
  /** Menu entries of other features (spec 01 §2: add event for event managers). */
  extraMenuItems?: (club: Club) => ClubExtraMenuItem[];
}

/** Spec 01 §2 "Club detail": header, menu, tabs Organisation, Active roles, Members. */
export function ClubDetailPage({ extraTabs, extraMenuItems }: ClubDetailPageProps = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const club = useClub(id);
  return (
    <TabbedDetailPage
      query={club}
      pageTitleKey="pages.club"
      notFoundText={t('clubs.detail.notFound')}
      list={{ href: '/clubs', label: t('clubs.detail.backToList') }}
      title={(data) => data.name}
      renderSubtitle={(data) => (
        <Chip
          icon={<ClubTypeIcon clubType={data.clubType} />}
          label={t(clubTypeEnum.labelKey(data.clubType as ClubType))}
          size="small"
          sx={{ mt: 1 }}
        />
      )}
      renderMenu={(data) => <ClubMenu club={data} extraItems={extraMenuItems?.(data)} />}
      tabsLabel={t('clubs.tabs.label')}
      tabs={(data) => [
        {
          name: 'organisation',
          label: t('clubs.tabs.organisation'),
          render: () => <ClubOrganisationTab club={data} />,
        },
        {
          name: 'roles',
          label: t('clubs.tabs.roles'),
          // From the Members card: the Members tab, with the focus on its tab (the card's button is gone).
          render: (showTab) => <ClubRolesTab clubId={data.id} onShowMembers={() => showTab('members')} />,
        },
        {
          name: 'members',
          label: t('clubs.tabs.members'),
          render: () => <ClubMembersTab key={data.id} clubId={data.id} />,
        },
        ...(extraTabs?.(data) ?? []),
      ]}
    />
  );
}
