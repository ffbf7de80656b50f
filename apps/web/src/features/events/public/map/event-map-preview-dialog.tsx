import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Event } from '@bpw/domain/schemas/event';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatEventRange } from '../../shared/format-event-date';
import { publicEventPath } from '../../shared/public-event';

interface EventMapPreviewDialogProps {
  /** The events at the chosen marker (several when they share a place); empty when closed. */
  events: readonly Event[];
  onClose: () => void;
}

/** Spec 02 §2: a marker's preview with a show-event button. */
export function EventMapPreviewDialog({ events, onClose }: EventMapPreviewDialogProps) {
  const { t, i18n } = useTranslation();
  const first = events[0];
  return (
    <Dialog
      open={events.length > 0}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="event-map-preview-title"
    >
      <DialogTitle id="event-map-preview-title">
        {events.length > 1 ? t('eventsPublic.map.previewTitle', { count: events.length }) : first?.title}
      </DialogTitle>
      <DialogContent>
        {events.map((event, index) => (
          <Fragment key={event.id}>
            {index > 0 ? <Divider sx={{ my: 2 }} /> : null}
            <Box>
              {events.length > 1 ? (
                <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {event.title}
                </Typography>
              ) : null}
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatEventRange(event.eventFrom, event.eventTo, i18n.language)}
              </Typography>
              <Typography variant="body2">
                {[event.responsibleClub.name, event.location, event.city].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body1" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {event.teaserText}
              </Typography>
              <Button
                component={RouterLink}
                to={publicEventPath(event.id)}
                variant="contained"
                endIcon={<ArrowForwardIcon />}
                sx={{ mt: 1.5 }}
                aria-label={t('eventsPublic.map.showEventNamed', { title: event.title })}
              >
                {t('eventsPublic.map.showEvent')}
              </Button>
            </Box>
          </Fragment>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
