import type { ClubList } from '@bpw/domain/schemas/club';
import type { EventCategoryList } from '@bpw/domain/schemas/event';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';

/** GET event-category, all of them by title: the form's category choices. */
export const useCategoryOptions = () =>
  useQuery({
    queryKey: ['event-category', 'options'],
    queryFn: ({ signal }) =>
      api.get<EventCategoryList>('/event-category', { SortBy: 'title', SortDesc: false, PerPage: 0 }, signal),
    staleTime: 60_000,
  });

/** GET club, all of them by name (spec 02 §7): the responsible club choices of a new event. */
export const useClubOptions = (isEnabled: boolean) =>
  useQuery({
    queryKey: ['club', 'options', 'event-form'],
    queryFn: ({ signal }) => api.get<ClubList>('/club', { SortBy: 'name', SortDesc: false, PerPage: 0 }, signal),
    enabled: isEnabled,
    staleTime: 60_000,
  });
