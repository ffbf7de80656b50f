import type { EventCategoryDetail } from '@bpw/domain/schemas/event';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventCategoryKeys } from './get-event-categories';
import { api } from '../../../api/api';

export const eventCategoryPath = (id: string) => `/event-category/${encodeURIComponent(id)}`;

/** GET event-category/{id}: the category with the number of its events. */
export const getEventCategory = (id: string, signal?: AbortSignal) =>
  api.get<EventCategoryDetail>(eventCategoryPath(id), undefined, signal);

export const eventCategoryQuery = (id: string) =>
  queryOptions({ queryKey: eventCategoryKeys.detail(id), queryFn: ({ signal }) => getEventCategory(id, signal) });

export const useEventCategory = (id: string) => useQuery(eventCategoryQuery(id));
