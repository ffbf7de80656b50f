import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { registrationStateEnum, registrationStateValues, type RegistrationState } from '@bpw/domain/enums/registration';
import { useTranslation } from 'react-i18next';

/** Spec 02 §9: a multi-select collapses to a count from 3 items. */
const COLLAPSE_FROM = 3;

interface RegistrationStateFilterProps {
  value: readonly RegistrationState[];
  onChange: (next: RegistrationState[]) => void;
}

/** The registrations tab's state filter (spec 02 §2); none chosen means every state. */
export function RegistrationStateFilter({ value, onChange }: RegistrationStateFilterProps) {
  const { t } = useTranslation();
  const labelOf = (state: RegistrationState) => t(registrationStateEnum.labelKey(state));
  return (
    <TextField
      select
      size="small"
      label={t('eventRegistrationsStaff.list.states')}
      value={[...value]}
      onChange={(event) => {
        const raw = event.target.value as unknown as (string | number)[] | string;
        const list = typeof raw === 'string' ? raw.split(',') : raw;
        // Keep the spec's order whatever the order of clicks.
        const chosen = new Set(list.map(Number));
        onChange(registrationStateValues.filter((state) => chosen.has(state)));
      }}
      sx={{ width: { xs: '100%', sm: 260 } }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const states = selected as RegistrationState[];
            if (states.length === 0) return t('eventRegistrationsStaff.list.allStates');
            return states.length >= COLLAPSE_FROM
              ? t('eventRegistrationsStaff.list.statesSelected', { count: states.length })
              : states.map(labelOf).join(', ');
          },
        },
      }}
    >
      {registrationStateValues.map((state) => (
        <MenuItem key={state} value={state}>
          <Checkbox checked={value.includes(state)} size="small" sx={{ p: 0, mr: 1 }} tabIndex={-1} disableRipple />
          <ListItemText primary={labelOf(state)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
