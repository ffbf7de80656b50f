import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { canCreateEvent } from '@bpw/domain/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EventList } from './event-list';
import { LazyEventFormDialog } from './lazy-event-form-dialog';
import { PageHeading } from '../../../components/page-heading';
import { useActor } from '../../../lib/use-claims';

/** /events: the staff event list (spec 02 §2); event managers and admins may add an event here too. */
export function EventListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isCreator = canCreateEvent(useActor());
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  return (
    <>
      <PageHeading
        titleKey="pages.events"
        action={
          isCreator ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreateOpen(true)}>
              {t('eventsStaff.actions.create')}
            </Button>
          ) : null
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <EventList label={t('pages.events')} />
      </Paper>
      {isCreateOpen ? (
        <LazyEventFormDialog
          event={null}
          club={null}
          onClose={() => setIsCreateOpen(false)}
          onCreated={(id) => void navigate(`/events/${id}`)}
        />
      ) : null}
    </>
  );
}
