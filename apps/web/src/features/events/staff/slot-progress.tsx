import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlotsText } from '../shared/registration-icons';

/** The share of used slots in percent (0 to 100). */
export function usedSlotsPercent(total: number, available: number | null): number {
  if (total <= 0) return 0;
  const used = total - Math.max(0, Math.min(total, available ?? 0));
  return Math.round((used / total) * 100);
}

/**
 * Spec 02 §2: "Slot progress is a percentage of used slots, shown in the error colour when none
 * are left", with the slots as "available of total" (§9).
 */
export function SlotProgress({ total, available }: { total: number; available: number | null }) {
  const { t } = useTranslation();
  const labelId = useId();
  const slotsText = useSlotsText()({ registrationSlots: total, availableRegistrationSlots: available });
  const percent = usedSlotsPercent(total, available);
  const isFull = (available ?? 0) <= 0;
  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ mb: 0.5 }}>
        {slotsText} · {t('eventsStaff.registration.usedPercent', { percent })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={isFull ? 'error' : 'secondary'}
        aria-labelledby={labelId}
        sx={{ height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}
