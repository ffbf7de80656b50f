import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveMemberCount, useClubRelations, useClubRoles } from './api/get-club-relations';
import { groupRoles } from './club-roles';
import { RoleCard } from './role-card';

/** The Members card: the active members are counted, not listed; the Members tab lists them. */
function MembersCard({ clubId, onShowMembers }: { clubId: string; onShowMembers: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const count = useActiveMemberCount(clubId);
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ pb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('clubs.roles.members')}
        </Typography>
        <Typography color={count.isError ? 'error' : undefined}>
          {count.data
            ? t('clubs.members.count', { count: count.data.total })
            : count.isError
              ? t('common.loadError')
              : t('app.loading')}
        </Typography>
      </CardContent>
      <CardActions>
        <Button onClick={onShowMembers}>{t('clubs.roles.showMembers')}</Button>
      </CardActions>
    </Card>
  );
}

/**
 * Spec 01 §2 "Active roles tab": the Members card (a count), then a card per role type; inactive
 * roles behind a toggle with their count. The roles come from the server 100 at a time by name
 * (issue 24); "more" loads the next 100.
 */
export function ClubRolesTab({ clubId, onShowMembers }: { clubId: string; onShowMembers: () => void }) {
  const { t } = useTranslation();
  const [showInactive, setShowInactive] = useState(false);
  const active = useClubRoles(clubId, true);
  const inactiveCount = useClubRelations(clubId, { group: 'roles', isActive: false, page: 0, perPage: 1 });
  const inactive = useClubRoles(clubId, false, { enabled: showInactive });
  const activeRows = useMemo(() => active.data?.pages.flatMap((page) => page.items) ?? [], [active.data]);
  const inactiveRows = useMemo(() => inactive.data?.pages.flatMap((page) => page.items) ?? [], [inactive.data]);
  const groups = useMemo(
    () => groupRoles(activeRows, showInactive ? inactiveRows : []),
    [activeRows, inactiveRows, showInactive],
  );
  const inactiveTotal = inactiveCount.data?.total ?? 0;

  if (active.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="rectangular" height={160} />
      </Box>
    );
  }
  if (active.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const activeTotal = active.data.pages[0]?.total ?? 0;
  const more = (query: typeof inactive, key: 'more' | 'moreInactive', loaded: number, total: number) =>
    query.hasNextPage ? (
      <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {t(`clubs.roles.${key}`, { shown: loaded, total })}
      </Button>
    ) : null;
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={showInactive}
            onChange={(event) => setShowInactive(event.target.checked)}
            disabled={inactiveTotal === 0}
          />
        }
        label={t('clubs.roles.showInactive', { count: inactiveTotal })}
        sx={{ mb: 1 }}
      />
      {showInactive && inactive.isError ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}>
        <MembersCard clubId={clubId} onShowMembers={onShowMembers} />
        {groups.map((group) => (
          <RoleCard key={String(group.key)} group={group} showInactive={showInactive} />
        ))}
      </Box>
      {groups.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('clubs.roles.none')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {more(active, 'more', activeRows.length, activeTotal)}
        {showInactive ? more(inactive, 'moreInactive', inactiveRows.length, inactiveTotal) : null}
      </Box>
    </>
  );
}
