import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { canSeeAllClubsOnDashboard } from '@bpw/domain/permissions';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBirthdayList } from './api/get-birthday-list';
import { useMembershipDevelopment } from './api/get-membership-development';
import { DeferredBirthdayTable } from './deferred-birthday-table';
import { MembershipChart } from './membership-chart';
import { useClubOptions } from '../../components/club-options';
import { DeferredClubMultiSelect } from '../../components/deferred-club-multi-select';
import type { DataTablePaginationState } from '../../components/data-table/data-table';
import { defaultPageSize } from '../../components/data-table/data-table-sorting';
import { useSessionState } from '../../components/data-table/use-session-state';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Bar colours with at least 3:1 contrast to white. */
const chartColors = { interested: '#6A4C93', single: '#1A1A1A', young: '#00796B' } as const;

/**
 * Spec 01 §2 "Dashboard": a club filter (all clubs for admins and the committee, the managed
 * ones for club managers), three quarterly trends and the birthday list. No club chosen means
 * all the user may see; the server applies the same limits.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const actor = useActor();
  const birthdaysId = useId();
  const seesAll = canSeeAllClubsOnDashboard(actor);
  const { options, isLoading: isLoadingClubs } = useClubOptions({
    limitTo: seesAll ? null : actor.clubManagerOf,
  });
  const [chosen, setChosen] = useSessionState<string[]>('bpw.dashboard.clubs', [], isStringList);
  // Only clubs still offered count (another user's choice in this tab, a deleted club).
  const clubIds = options.length ? chosen.filter((id) => options.some((club) => club.id === id)) : [];
  const [birthdayPage, setBirthdayPage] = useState<DataTablePaginationState>({ page: 0, pageSize: defaultPageSize });
  const chooseClubs = (next: string[]) => {
    setChosen(next);
    setBirthdayPage((current) => ({ ...current, page: 0 }));
  };
  const development = useMembershipDevelopment(clubIds);
  // The server pages the birthdays (issue 24): a large club has thousands in 30 days.
  const birthdays = useBirthdayList({ clubIds, page: birthdayPage.page, perPage: birthdayPage.pageSize });

  return (
    <>
      <PageHeading titleKey="pages.dashboard" />
      <Box sx={{ maxWidth: 560, mb: 3 }}>
        <DeferredClubMultiSelect
          label={t('dashboard.clubs')}
          options={options}
          value={clubIds}
          onChange={chooseClubs}
          isLoading={isLoadingClubs}
          selectedText={(count) => t('dashboard.clubsSelected', { number: count })}
          helperText={t(seesAll ? 'dashboard.clubsHintAll' : 'dashboard.clubsHintManaged')}
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
          mb: 3,
        }}
      >
        <MembershipChart
          title={t('dashboard.charts.interested')}
          buckets={development.data?.entriesInterested}
          color={chartColors.interested}
          isLoading={development.isPending}
        />
        <MembershipChart
          title={t('dashboard.charts.single')}
          buckets={development.data?.entriesSingle}
          color={chartColors.single}
          isLoading={development.isPending}
        />
        <MembershipChart
          title={t('dashboard.charts.young')}
          buckets={development.data?.entriesYoung}
          color={chartColors.young}
          isLoading={development.isPending}
        />
      </Box>
      <Paper component="section" aria-labelledby={birthdaysId} sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography id={birthdaysId} variant="h6" component="h2">
          {t('dashboard.birthdays.title')}
        </Typography>
        <DeferredBirthdayTable
          list={birthdays.data}
          isLoading={birthdays.isFetching}
          pagination={birthdayPage}
          onPaginationChange={setBirthdayPage}
        />
      </Paper>
    </>
  );
}
