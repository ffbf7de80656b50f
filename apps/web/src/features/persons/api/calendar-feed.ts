import type { CalendarFeedLinks } from '@bpw/domain/schemas/calendar-feed';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { showsLoadError } from '../../../lib/query-client';

const calendarFeedKey = ['calendar-feed'] as const;

/** GET calendar-feed (issue 19): the signed-in person's secret feed address. */
export const useCalendarFeed = (isEnabled: boolean) =>
  useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => api.get<CalendarFeedLinks>('/calendar-feed', undefined, signal),
    enabled: isEnabled,
    meta: showsLoadError,
  });

/** PUT calendar-feed/renewal: a new address; the old one stops. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<CalendarFeedLinks>('/calendar-feed/renewal'),
    onSuccess: (links) => queryClient.setQueryData(calendarFeedKey, links),
  });
}
