import type { RegistrationState } from '@bpw/domain/enums/registration';
import type { EventRegistrationList } from '@bpw/domain/schemas/event-registration';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { registrationKeys } from './registration-keys';
import { api } from '../../../../api/api';
import { toSortQuery, type SortingState } from '../../../../components/data-table/data-table-sorting';
import { showsLoadError } from '../../../../lib/query-client';

export interface RegistrationListParams {
  fulltext: string;
  states: readonly RegistrationState[];
  sorting: SortingState;
  page: number;
  perPage: number;
}

/** GET event/{id}/event-registration (spec 02 §7); an empty state filter means every state. */
export function getEventRegistrations(eventId: string, params: RegistrationListParams, signal?: AbortSignal) {
  return api.get<EventRegistrationList>(
    `/event/${encodeURIComponent(eventId)}/event-registration`,
    {
      ...toSortQuery(params.sorting),
      Page: params.page,
      PerPage: params.perPage,
      EventRegistrationState: params.states.length ? params.states : undefined,
      Fulltext: params.fulltext.trim() || undefined,
    },
    signal,
  );
}

export const eventRegistrationsQuery = (eventId: string, params: RegistrationListParams) =>
  queryOptions({
    queryKey: registrationKeys.list(eventId, params),
    queryFn: ({ signal }) => getEventRegistrations(eventId, params, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

export const useEventRegistrations = (eventId: string, params: RegistrationListParams) =>
  useQuery(eventRegistrationsQuery(eventId, params));
