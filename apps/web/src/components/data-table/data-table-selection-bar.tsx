import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DataTableSelectionBarProps {
  selectedIds: string[];
  onClear: () => void;
  actions?: ((selectedIds: string[], clear: () => void) => ReactNode) | undefined;
}

/** Spec 01 §2: a selection shows its count with unselect and the list's actions. */
export function DataTableSelectionBar({ selectedIds, onClear, actions }: DataTableSelectionBarProps) {
  const { t } = useTranslation();
  return (
    <Stack
      role="group"
      aria-label={t('dataTable.selectionActions')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={(theme) => ({
        flexWrap: 'wrap',
        alignItems: 'center',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: alpha(theme.palette.primary.main, 0.25),
      })}
    >
      <Typography role="status" sx={{ flexGrow: 1, fontWeight: 500 }}>
        {t('dataTable.selectedCount', { count: selectedIds.length })}
      </Typography>
      <Button color="inherit" onClick={onClear}>
        {t('dataTable.unselect')}
      </Button>
      {actions?.(selectedIds, onClear)}
    </Stack>
  );
}
