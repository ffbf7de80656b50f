import type { EventRegistrationList } from '@bpw/domain/schemas/event-registration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';
import { personPath } from '../../api/person-detail-keys';

export const MY_REGISTRATIONS_PAGE_SIZE = 10;

/** GET person/{id}/event-registration for herself: her latest registrations first. */
export const myRegistrationsQuery = (personId: string) =>
  queryOptions({
    queryKey: ['person', personId, 'event-registration', 'mine'] as const,
    queryFn: ({ signal }) =>
      api.get<EventRegistrationList>(
        `${personPath(personId)}/event-registration`,
        { SortBy: 'registeredAt', SortDesc: true, Page: 0, PerPage: MY_REGISTRATIONS_PAGE_SIZE },
        signal,
      ),
  });

export const useMyRegistrations = (personId: string) => useQuery(myRegistrationsQuery(personId));
