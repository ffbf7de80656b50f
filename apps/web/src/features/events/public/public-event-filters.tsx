import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { FilterMultiSelect } from './filter-multi-select';
import {
  hasFilters,
  resetFilters,
  withPastShown,
  yearBounds,
  type PublicEventListState,
} from './public-event-list-state';
import { DateRangeInput } from '../../../components/date-input';
import { DataTableSearchField } from '../../../components/data-table/data-table-search-field';
import { usePublicCategories, usePublicClubs } from '../shared/api/get-public-event-options';

interface PublicEventFiltersProps {
  state: PublicEventListState;
  today: string;
  onChange: (update: (previous: PublicEventListState) => PublicEventListState) => void;
}

/** Spec 02 §2: clubs, categories, title, date range, show past events, reset. */
export function PublicEventFilters({ state, today, onChange }: PublicEventFiltersProps) {
  const { t } = useTranslation();
  const clubs = usePublicClubs();
  const categories = usePublicCategories();
  const bounds = yearBounds(state, today);
  const selectedText = (count: number) => t('eventsPublic.filters.selected', { count });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        alignItems: 'center',
      }}
    >
      <DataTableSearchField
        value={state.title}
        label={t('eventsPublic.filters.title')}
        onChange={(title) => onChange((previous) => ({ ...previous, title }))}
        sx={{ width: '100%' }}
      />
      <FilterMultiSelect
        label={t('eventsPublic.filters.clubs')}
        options={clubs.data ?? []}
        isLoading={clubs.isPending}
        value={state.clubIds}
        onChange={(clubIds) => onChange((previous) => ({ ...previous, clubIds }))}
        selectedText={selectedText}
      />
      <FilterMultiSelect
        label={t('eventsPublic.filters.categories')}
        options={categories.data ?? []}
        isLoading={categories.isPending}
        value={state.categoryIds}
        onChange={(categoryIds) => onChange((previous) => ({ ...previous, categoryIds }))}
        selectedText={selectedText}
      />
      <FormControlLabel
        control={
          <Switch
            checked={state.isPastShown}
            onChange={(event) => onChange((previous) => withPastShown(previous, event.target.checked, today))}
          />
        }
        label={t('eventsPublic.filters.showPast')}
      />
      <Box sx={{ gridColumn: { sm: 'span 2' } }}>
        <DateRangeInput
          size="small"
          fromLabel={t('eventsPublic.filters.dateFrom')}
          toLabel={t('eventsPublic.filters.dateTo')}
          value={[state.dateFrom, state.dateTo]}
          min={bounds.min}
          max={bounds.max}
          onChange={([dateFrom, dateTo]) => onChange((previous) => ({ ...previous, dateFrom, dateTo }))}
        />
      </Box>
      <Box>
        <Button
          variant="outlined"
          startIcon={<FilterAltOffIcon />}
          disabled={!hasFilters(state, today)}
          onClick={() => onChange((previous) => resetFilters(previous, today))}
        >
          {t('eventsPublic.filters.reset')}
        </Button>
      </Box>
    </Box>
  );
}
