import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { clubTypeEnum, type ClubType } from '@bpw/domain/enums/club-type';
import type { Club } from '@bpw/domain/schemas/club';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClub } from './api/get-club';
import { ClubMembersTab } from './club-members-tab';
import { ClubMenu } from './club-menu';
import { ClubOrganisationTab } from './club-organisation-tab';
import type { ClubExtraMenuItem, ClubExtraTab } from './club-page-extensions';
import { ClubRolesTab } from './club-roles-tab';
import { ClubTypeIcon } from './club-type-icon';
import { ApiError } from '../../api/api-error';
import { usePageTitle } from '../../lib/use-page-title';
import { useSessionTab } from '../../lib/use-session-tab';

const ownTabs = ['organisation', 'roles', 'members'] as const;
type ClubTab = string;

interface ClubDetailPageProps {
  /** Tabs of other features after the page's own (spec 01 §2: Events for event managers). */
  extraTabs?: (club: Club) => ClubExtraTab[];
  /** Menu entries of other features (spec 01 §2: add event for event managers). */
  extraMenuItems?: (club: Club) => ClubExtraMenuItem[];
}

/** Spec 01 §2 "Club detail": header, menu, tabs Organisation, Active roles, Members. */
export function ClubDetailPage({ extraTabs, extraMenuItems }: ClubDetailPageProps = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const club = useClub(id);
  const addedTabs = club.data && extraTabs ? extraTabs(club.data) : [];
  const tabs = [...ownTabs, ...addedTabs.map((added) => added.name)];
  const [tab, setTab] = useSessionTab<ClubTab>(tabs, 'organisation');
  const baseId = useId();
  const pageTitle = usePageTitle('pages.club');
  useEffect(() => {
    if (club.data) document.title = `${club.data.name} – ${t('app.title')}`;
  }, [club.data, t, pageTitle]);

  if (club.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2.5rem' }} />
        <Skeleton variant="rectangular" height={200} />
      </Box>
    );
  }
  if (club.isError) {
    const isMissing = club.error instanceof ApiError && club.error.status === 404;
    return (
      <>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          {pageTitle}
        </Typography>
        <Alert severity="error">{t(isMissing ? 'clubs.detail.notFound' : 'common.loadError')}</Alert>
      </>
    );
  }

  const data = club.data;
  const panelId = (name: ClubTab) => `${baseId}-panel-${name}`;
  const tabId = (name: ClubTab) => `${baseId}-tab-${name}`;
  // From the Members card: the Members tab, with the focus on its tab (the card's button is gone).
  const showMembers = () => {
    setTab('members');
    requestAnimationFrame(() => document.getElementById(tabId('members'))?.focus());
  };
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Typography>
          <Chip
            icon={<ClubTypeIcon clubType={data.clubType} />}
            label={t(clubTypeEnum.labelKey(data.clubType as ClubType))}
            size="small"
            sx={{ mt: 1 }}
          />
        </Box>
        <ClubMenu club={data} extraItems={extraMenuItems?.(data)} />
      </Stack>
      <Paper>
        <Tabs
          value={tab}
          onChange={(_event, next: ClubTab) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('clubs.tabs.label')}
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            // The theme's translucent inactive tabs fall below 4.5:1; a solid secondary text passes.
            '& .MuiTab-root': { opacity: 1, color: 'text.secondary' },
            '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
          }}
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={addedTabs.find((added) => added.name === name)?.label ?? t(`clubs.tabs.${name}`)}
              id={tabId(name)}
              aria-controls={panelId(name)}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} sx={{ p: { xs: 1.5, sm: 2 } }}>
          {tab === 'organisation' ? <ClubOrganisationTab club={data} /> : null}
          {tab === 'roles' ? <ClubRolesTab clubId={data.id} onShowMembers={showMembers} /> : null}
          {tab === 'members' ? <ClubMembersTab key={data.id} clubId={data.id} /> : null}
          {addedTabs.find((added) => added.name === tab)?.render()}
        </Box>
      </Paper>
    </>
  );
}
