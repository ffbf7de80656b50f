import type { CalendarFeedLinks } from '@bpw/domain/schemas/calendar-feed';
import EventIcon from '@mui/icons-material/Event';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/api';

/**
 * Issue 19: with one club chosen, the public list offers that club's calendar feed (its public
 * events) to subscribe to with a calendar app.
 */
export function ClubCalendarLink({ clubId }: { clubId: string }) {
  const { t } = useTranslation();
  const links = useQuery({
    queryKey: ['club-public', clubId, 'calendar-feed'],
    queryFn: ({ signal }) =>
      api.get<CalendarFeedLinks>(`/club-public/${encodeURIComponent(clubId)}/calendar-feed`, undefined, signal),
    staleTime: Infinity,
  });
  if (!links.data) return null;
  return (
    <Button variant="text" startIcon={<EventIcon />} href={links.data.webcalUrl}>
      {t('eventsPublic.clubCalendar')}
    </Button>
  );
}
