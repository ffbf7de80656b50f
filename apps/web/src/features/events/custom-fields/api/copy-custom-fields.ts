import type { EventCustomFieldList } from '@bpw/domain/schemas/event-custom-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCustomFields } from './get-custom-fields';
import { api } from '../../../../api/api';

/**
 * POST event/{sourceId}/copy-custom-field with `{ targetEventId }` (spec 02 §7): the path names
 * the event copied from, the body the event whose page the dialog was opened on.
 */
export const copyCustomFields = ({ sourceEventId, targetEventId }: { sourceEventId: string; targetEventId: string }) =>
  api.post<EventCustomFieldList>(`/event/${encodeURIComponent(sourceEventId)}/copy-custom-field`, { targetEventId });

export function useCopyCustomFields(targetEventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceEventId: string) => copyCustomFields({ sourceEventId, targetEventId }),
    onSuccess: () => invalidateCustomFields(queryClient, targetEventId),
  });
}
