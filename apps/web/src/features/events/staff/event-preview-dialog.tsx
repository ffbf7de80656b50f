import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventDetail } from '@bpw/domain/schemas/event';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicEventView } from '../shared/public-event-view';

/**
 * Spec 02 §2 "preview (full-screen dialog of the public page)": the public page's body for this
 * event, also in a state the public cannot see yet; its actions show their state but lead nowhere.
 */
export function EventPreviewDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={titleId} variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {t('eventsStaff.preview.title')}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Stack>
      <DialogContent>
        <Box sx={{ maxWidth: '80rem', mx: 'auto' }}>
          <PublicEventView event={event} isSignedIn titleComponent="h2" isInteractive={false} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
