import Lock from '@mui/icons-material/Lock';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { PublicationState, publicationStateEnum } from '@bpw/domain/enums/publication-state';
import { useTranslation } from 'react-i18next';

/** Dark shades with white text keep the labels readable (WCAG AA). */
const colours: Record<number, { bgcolor: string; color: string }> = {
  [PublicationState.Invited]: { bgcolor: 'info.dark', color: 'common.white' },
  [PublicationState.Confirmed]: { bgcolor: 'success.dark', color: 'common.white' },
  [PublicationState.Rejected]: { bgcolor: 'error.dark', color: 'common.white' },
};

/** The publication's state, and a lock when only administrators may change it (spec 02 §4, §6). */
export function PublicationStateChip({ state, isLocked }: { state: number; isLocked: boolean }) {
  const { t } = useTranslation();
  const label = publicationStateEnum.is(state) ? t(publicationStateEnum.labelKey(state)) : String(state);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Chip size="small" label={label} sx={{ ...(colours[state] ?? colours[10]), fontWeight: 500 }} />
      {isLocked ? (
        <Tooltip title={t('eventPublicationsStaff.locked')}>
          <Lock fontSize="small" titleAccess={t('eventPublicationsStaff.locked')} />
        </Tooltip>
      ) : null}
    </Stack>
  );
}
