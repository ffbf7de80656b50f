import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClubRelation } from './api/get-club-relations';
import { countInactive, groupRoles, todayIso } from './club-roles';
import { RoleCard } from './role-card';

/** Spec 01 §2 "Active roles tab": a card per role type; inactive roles behind a toggle with their count. */
export function ClubRolesTab({ relations }: { relations: UseQueryResult<ClubRelation[]> }) {
  const { t } = useTranslation();
  const [showInactive, setShowInactive] = useState(false);
  const groups = useMemo(() => groupRoles(relations.data ?? [], todayIso()), [relations.data]);
  const inactiveCount = countInactive(groups);

  if (relations.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="rectangular" height={160} />
      </Box>
    );
  }
  if (relations.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;
  const visible = groups.filter((group) => group.active.length > 0 || showInactive);
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={showInactive}
            onChange={(event) => setShowInactive(event.target.checked)}
            disabled={inactiveCount === 0}
          />
        }
        label={t('clubs.roles.showInactive', { count: inactiveCount })}
        sx={{ mb: 1 }}
      />
      {visible.length === 0 ? (
        <Typography color="text.secondary">{t('clubs.roles.none')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}>
          {visible.map((group) => (
            <RoleCard key={String(group.key)} group={group} showInactive={showInactive} />
          ))}
        </Box>
      )}
    </>
  );
}
