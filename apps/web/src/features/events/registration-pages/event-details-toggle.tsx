import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventMetaData } from '../shared/event-meta-data';
import { EventTexts } from '../shared/event-texts';
import type { PublicEventDetail } from '../shared/public-event';

/** Spec 02 §2 "Registration page": a toggle shows or hides teaser, description and meta data. */
export function EventDetailsToggle({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const regionId = useId();
  return (
    <Box>
      <Button
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={regionId}
        endIcon={isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {isOpen ? t('eventRegistrationPages.register.hideDetails') : t('eventRegistrationPages.register.showDetails')}
      </Button>
      <Collapse in={isOpen} id={regionId}>
        <Paper variant="outlined" sx={{ p: 2, mt: 1, display: 'grid', gap: 2 }}>
          <EventTexts teaserText={event.teaserText} description={event.description} />
          <EventMetaData event={event} />
        </Paper>
      </Collapse>
    </Box>
  );
}
