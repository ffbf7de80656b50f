import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { eventStateEnum, eventStateValues, type EventState } from '@bpw/domain/enums/event';
import { useTranslation } from 'react-i18next';

/** Spec 02 §9: a multi-select collapses to a count from 3 items. */
const COLLAPSE_FROM = 3;

interface EventStateFilterProps {
  value: readonly EventState[];
  onChange: (next: EventState[]) => void;
}

/** The staff list's event state filter (spec 02 §2); every state can be chosen, Archived too. */
export function EventStateFilter({ value, onChange }: EventStateFilterProps) {
  const { t } = useTranslation();
  const labelOf = (state: EventState) => t(eventStateEnum.labelKey(state));
  return (
    <TextField
      select
      size="small"
      label={t('eventsStaff.list.states')}
      value={[...value]}
      onChange={(event) => {
        const raw = event.target.value as unknown as (string | number)[] | string;
        const list = typeof raw === 'string' ? raw.split(',') : raw;
        // Keep the spec's order whatever the order of clicks.
        const chosen = new Set(list.map(Number));
        onChange(eventStateValues.filter((state) => chosen.has(state)));
      }}
      sx={{ width: { xs: '100%', sm: 260 } }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => {
            const states = selected as EventState[];
            return states.length >= COLLAPSE_FROM
              ? t('eventsStaff.list.statesSelected', { count: states.length })
              : states.map(labelOf).join(', ');
          },
        },
      }}
    >
      {eventStateValues.map((state) => (
        <MenuItem key={state} value={state}>
          <Checkbox checked={value.includes(state)} size="small" sx={{ p: 0, mr: 1 }} tabIndex={-1} disableRipple />
          <ListItemText primary={labelOf(state)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
