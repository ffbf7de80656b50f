import { EventState, eventStateEnum } from '@bpw/domain/enums/event';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/**
 * Spec 02 §4 "Event state colours": Planning grey, Published info, OpenForRegistration success,
 * Completed warning, Archived error. Dark shades (and black on orange) keep the label readable (WCAG AA).
 */
const colours: Record<number, { bgcolor: string; color: string }> = {
  [EventState.Planning]: { bgcolor: 'grey.700', color: 'common.white' },
  [EventState.Published]: { bgcolor: 'info.dark', color: 'common.white' },
  [EventState.OpenForRegistration]: { bgcolor: 'success.dark', color: 'common.white' },
  [EventState.Completed]: { bgcolor: 'warning.main', color: 'common.black' },
  [EventState.Archived]: { bgcolor: 'error.dark', color: 'common.white' },
};

export function EventStateChip({ state, size = 'small' }: { state: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const label = eventStateEnum.is(state) ? t(eventStateEnum.labelKey(state)) : String(state);
  return (
    <Chip size={size} label={label} sx={{ ...(colours[state] ?? colours[EventState.Planning]), fontWeight: 500 }} />
  );
}
