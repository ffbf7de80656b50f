import type { EventCustomFieldList } from '@bpw/domain/schemas/event-custom-field';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../api/api';
import { toSortQuery, type SortingState } from '../../../../components/data-table/data-table-sorting';
import { eventKeys } from '../../staff/api/event-keys';
import { showsLoadError } from '../../../../lib/query-client';

export interface CustomFieldListParams {
  sorting: SortingState;
  page: number;
  /** 0: all (the registration dialog and the registrations tab's columns need every field). */
  perPage: number;
}

/** Every field of the event, in the spec's order (sortOrder ascending, §9). */
export const allCustomFields: CustomFieldListParams = {
  sorting: [{ id: 'sortOrder', desc: false }],
  page: 0,
  perPage: 0,
};

/** The custom fields hang below their event's key, so an event change refreshes them too. */
export const customFieldKeys = {
  ofEvent: (eventId: string) => [...eventKeys.detail(eventId), 'custom-fields'] as const,
  list: (eventId: string, params: CustomFieldListParams) =>
    [...eventKeys.detail(eventId), 'custom-fields', params] as const,
};

export const invalidateCustomFields = (queryClient: QueryClient, eventId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: customFieldKeys.ofEvent(eventId) }),
    // The registration form shows the fields; its queries start with 'event-public'.
    queryClient.invalidateQueries({ queryKey: ['event-public'] }),
  ]);

/** GET event/{id}/custom-field (spec 02 §7): all fields for the event's managers. */
export const getCustomFields = (eventId: string, params: CustomFieldListParams, signal?: AbortSignal) =>
  api.get<EventCustomFieldList>(
    `/event/${encodeURIComponent(eventId)}/custom-field`,
    { ...toSortQuery(params.sorting), Page: params.page, PerPage: params.perPage },
    signal,
  );

export const customFieldsQuery = (eventId: string, params: CustomFieldListParams) =>
  queryOptions({
    queryKey: customFieldKeys.list(eventId, params),
    queryFn: ({ signal }) => getCustomFields(eventId, params, signal),
    meta: showsLoadError,
    placeholderData: keepPreviousData,
  });

export const useCustomFields = (eventId: string, params: CustomFieldListParams = allCustomFields) =>
  useQuery(customFieldsQuery(eventId, params));
