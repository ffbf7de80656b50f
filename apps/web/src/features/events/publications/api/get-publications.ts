import type { PublicationState } from '@bpw/domain/enums/publication-state';
import type { EventPublicationList } from '@bpw/domain/schemas/event-publication';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { publicationKeys } from './publication-keys';
import { api } from '../../../../api/api';
import { toSortQuery, type SortingState } from '../../../../components/data-table/data-table-sorting';
import { showsLoadError } from '../../../../lib/query-client';

export interface PublicationListParams {
  sorting: SortingState;
  page: number;
  /** 0: all. */
  perPage: number;
  eventTitle?: string;
  publicationStates?: readonly PublicationState[];
}

const queryOf = (params: PublicationListParams) => ({
  ...toSortQuery(params.sorting),
  Page: params.page,
  PerPage: params.perPage,
  EventTitle: params.eventTitle?.trim() || undefined,
  EventPublicationStates: params.publicationStates?.length ? params.publicationStates : undefined,
});

/** GET event/{id}/event-publication (spec 02 §7): the clubs an event is offered to. */
export const getEventPublications = (eventId: string, params: PublicationListParams, signal?: AbortSignal) =>
  api.get<EventPublicationList>(`/event/${encodeURIComponent(eventId)}/event-publication`, queryOf(params), signal);

export const useEventPublications = (eventId: string, params: PublicationListParams) =>
  useQuery(
    queryOptions({
      queryKey: publicationKeys.eventList(eventId, params),
      queryFn: ({ signal }) => getEventPublications(eventId, params, signal),
      meta: showsLoadError,
      placeholderData: keepPreviousData,
    }),
  );

/** GET club/{id}/event-publication (spec 02 §7): the events offered to a club. */
export const getClubPublications = (clubId: string, params: PublicationListParams, signal?: AbortSignal) =>
  api.get<EventPublicationList>(`/club/${encodeURIComponent(clubId)}/event-publication`, queryOf(params), signal);

export const useClubPublications = (clubId: string, params: PublicationListParams) =>
  useQuery(
    queryOptions({
      queryKey: publicationKeys.clubList(clubId, params),
      queryFn: ({ signal }) => getClubPublications(clubId, params, signal),
      meta: showsLoadError,
      placeholderData: keepPreviousData,
    }),
  );
