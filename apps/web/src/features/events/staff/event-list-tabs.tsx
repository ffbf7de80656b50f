import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { canCreateEventFor } from '@bpw/domain/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EventList } from './event-list';
import { LazyEventFormDialog } from './lazy-event-form-dialog';
import { useActor } from '../../../lib/use-claims';

/** The club page's Events tab (spec 01 §2): the club's events, and "add event" for its event managers. */
export function ClubEventsTab({ club }: { club: { id: string; name: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCreate = canCreateEventFor(useActor(), club.id);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  return (
    <>
      {canCreate ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreateOpen(true)}>
            {t('eventsStaff.actions.create')}
          </Button>
        </Stack>
      ) : null}
      <EventList label={t('eventsStaff.club.listLabel', { club: club.name })} clubId={club.id} />
      {isCreateOpen ? (
        <LazyEventFormDialog
          event={null}
          club={club}
          onClose={() => setIsCreateOpen(false)}
          onCreated={(id) => void navigate(`/events/${id}`)}
        />
      ) : null}
    </>
  );
}

/** The category page's Events tab (spec 02 §2): the events with this category. */
export function CategoryEventsTab({ category }: { category: { id: string; title: string } }) {
  const { t } = useTranslation();
  return (
    <EventList label={t('eventsStaff.category.listLabel', { category: category.title })} categoryId={category.id} />
  );
}
