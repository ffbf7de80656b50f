import type { EventCustomFieldList } from '@bpw/domain/schemas/event-custom-field';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../api/api';
import { useAuth } from '../../../../lib/auth-store';
import { publicEventKeys } from '../../shared/api/public-event-keys';

/**
 * GET event-public/{id}/custom-field: the fields of the registration form, as the caller's
 * audience (guest or member) sees them, by sort order (spec 02 §6, §9).
 */
export function usePublicCustomFields(eventId: string, isEnabled: boolean) {
  const personId = useAuth()?.personId ?? null;
  return useQuery({
    queryKey: publicEventKeys.customFields(eventId, personId),
    queryFn: ({ signal }) =>
      api.get<EventCustomFieldList>(
        `/event-public/${encodeURIComponent(eventId)}/custom-field`,
        { SortBy: ['sortOrder', 'title'], SortDesc: [false, false], PerPage: 0 },
        signal,
      ),
    enabled: isEnabled,
  });
}
