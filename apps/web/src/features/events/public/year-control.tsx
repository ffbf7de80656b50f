import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface YearControlProps {
  year: number;
  /** The earliest year allowed, null for no limit. */
  min: number | null;
  onChange: (year: number) => void;
}

/** The year of the public list with previous and next buttons (spec 02 §2). */
export function YearControl({ year, min, onChange }: YearControlProps) {
  const { t } = useTranslation();
  const isAtMin = min !== null && year <= min;
  return (
    <Stack direction="row" role="group" aria-label={t('eventsPublic.year.label')} sx={{ alignItems: 'center' }}>
      <IconButton
        aria-label={t('eventsPublic.year.previous', { year: year - 1 })}
        onClick={() => onChange(year - 1)}
        disabled={isAtMin}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Typography variant="h6" component="output" aria-live="polite" sx={{ minWidth: '3.5em', textAlign: 'center' }}>
        {year}
      </Typography>
      <IconButton aria-label={t('eventsPublic.year.next', { year: year + 1 })} onClick={() => onChange(year + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
