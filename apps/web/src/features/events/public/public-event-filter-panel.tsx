import FilterListIcon from '@mui/icons-material/FilterList';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicEventFilters } from './public-event-filters';
import { hasFilters } from './public-event-list-state';

/**
 * The filters; on phones behind a button, so the events are not pushed a screen down. The button
 * says when filters are set.
 */
export function PublicEventFilterPanel(props: ComponentProps<typeof PublicEventFilters>) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const panel = (
    <Paper
      role="search"
      id={panelId}
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}
      aria-label={t('eventsPublic.filters.label')}
    >
      <PublicEventFilters {...props} />
    </Paper>
  );
  if (!isPhone) return panel;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FilterListIcon />}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        sx={{ mb: 2 }}
      >
        {hasFilters(props.state, props.today)
          ? t('eventsPublic.filters.toggleActive')
          : t('eventsPublic.filters.toggle')}
      </Button>
      <Collapse in={isOpen}>{panel}</Collapse>
    </>
  );
}
