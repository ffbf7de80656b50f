import type { PersonVisibility } from '@bpw/domain/schemas/person-visibility';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';

/** GET person/me/visibility: who sees which parts of her data, from the server's live rules. */
export const visibilityQuery = (personId: string) =>
  queryOptions({
    // Under her person key, so a saved profile or a changed club role reloads it.
    queryKey: ['person', personId, 'visibility'] as const,
    queryFn: ({ signal }) => api.get<PersonVisibility>('/person/me/visibility', undefined, signal),
  });

export const useVisibility = (personId: string) => useQuery(visibilityQuery(personId));
