import type { EventDetail } from '@bpw/domain/schemas/event';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventKeys } from './event-keys';
import { api } from '../../../../api/api';

export const eventPath = (id: string) => `/event/${encodeURIComponent(id)}`;

/** GET event/{id}: the event with the caller's registration status and `canManage`. */
export const getEvent = (id: string, signal?: AbortSignal) => api.get<EventDetail>(eventPath(id), undefined, signal);

export const eventQuery = (id: string) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: ({ signal }) => getEvent(id, signal) });

export const useEvent = (id: string) => useQuery(eventQuery(id));
