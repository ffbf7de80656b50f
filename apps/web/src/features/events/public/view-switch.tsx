import { EventView, eventViewEnum, eventViewValues } from '@bpw/domain/enums/event';
import GridViewIcon from '@mui/icons-material/GridView';
import MapIcon from '@mui/icons-material/Map';
import ViewListIcon from '@mui/icons-material/ViewList';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';

/** The default grey text is too pale on the page; the chosen button is the app's yellow. */
export const toggleButtonColours = {
  color: 'text.primary',
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'common.black' },
} as const;

const icons: Record<EventView, SvgIconComponent> = {
  [EventView.tiles]: GridViewIcon,
  [EventView.list]: ViewListIcon,
  [EventView.map]: MapIcon,
};

/** Tiles (default), list or map (spec 02 §2). */
export function ViewSwitch({ value, onChange }: { value: EventView; onChange: (view: EventView) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, next: EventView | null) => {
        if (next) onChange(next);
      }}
      aria-label={t('eventsPublic.view.label')}
    >
      {eventViewValues.map((view) => {
        const Icon = icons[view];
        return (
          <ToggleButton key={view} value={view} sx={[toggleButtonColours, { gap: 0.75, px: 1.5 }]}>
            <Icon fontSize="small" aria-hidden />
            {t(eventViewEnum.labelKey(view))}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
