import { EntityState, entityStateEnum } from '@bpw/domain/enums/entity-state';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Spec 01 §4: a person's state as a green (active) or red (archived) chip. */
export function PersonStateChip({ state }: { state: number }) {
  const { t } = useTranslation();
  const isActive = state === EntityState.Active;
  const label = entityStateEnum.is(state) ? t(entityStateEnum.labelKey(state)) : String(state);
  // The dark shades keep white text readable (WCAG AA).
  return (
    <Chip
      size="small"
      label={label}
      sx={{
        bgcolor: isActive ? 'success.dark' : 'error.dark',
        color: 'common.white',
        fontWeight: 500,
      }}
    />
  );
}
