import FilterListIcon from '@mui/icons-material/FilterList';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { PersonListView, TileSize } from './person-list-state';
import { DataTableSearchField } from '../../components/data-table/data-table-search-field';

interface PersonListToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  isFilterOpen: boolean;
  onFilterToggle: () => void;
  filterPanelId: string;
  hasSearch: boolean;
  onClearSearch: () => void;
  view: PersonListView;
  onViewChange: (view: PersonListView) => void;
  tileSize: TileSize;
  onTileSizeChange: (size: TileSize) => void;
}

const tileSizes: TileSize[] = ['small', 'regular', 'large'];
// The default grey of an unselected toggle is too light on the page background (WCAG AA).
const toggleSx = { '& .MuiToggleButton-root': { color: 'text.primary' } };

/**
 * Spec 01 §2 "Controls": a search box (Esc clears it), a toggle for the advanced filters, a
 * toggle between table and tiles (with the tile size), and a clear-search button.
 */
export function PersonListToolbar(props: PersonListToolbarProps) {
  const { t } = useTranslation();
  const { view, tileSize, isFilterOpen } = props;
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <DataTableSearchField
        label={t('personList.search')}
        value={props.search}
        onChange={props.onSearchChange}
        sx={{ flex: '1 1 16rem', maxWidth: { sm: '24rem' } }}
      />
      <Button
        color="inherit"
        variant="outlined"
        startIcon={isFilterOpen ? <FilterListOffIcon /> : <FilterListIcon />}
        aria-expanded={isFilterOpen}
        aria-controls={props.filterPanelId}
        onClick={props.onFilterToggle}
      >
        {t('personList.filters')}
      </Button>
      <Button color="inherit" disabled={!props.hasSearch} onClick={props.onClearSearch}>
        {t('personList.clearSearch')}
      </Button>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_event, next: PersonListView | null) => next && props.onViewChange(next)}
        aria-label={t('personList.view')}
        sx={toggleSx}
      >
        <ToggleButton value="table" aria-label={t('personList.viewTable')} title={t('personList.viewTable')}>
          <TableRowsIcon />
        </ToggleButton>
        <ToggleButton value="tiles" aria-label={t('personList.viewTiles')} title={t('personList.viewTiles')}>
          <ViewModuleIcon />
        </ToggleButton>
      </ToggleButtonGroup>
      {view === 'tiles' ? (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={tileSize}
          onChange={(_event, next: TileSize | null) => next && props.onTileSizeChange(next)}
          aria-label={t('personList.tileSize')}
          sx={toggleSx}
        >
          {tileSizes.map((size) => (
            <ToggleButton key={size} value={size} sx={{ textTransform: 'none', px: 1.5 }}>
              {t(`personList.tileSizes.${size}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
    </Stack>
  );
}
