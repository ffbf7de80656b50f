import type { EventState } from '@bpw/domain/enums/event';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvents } from './event-keys';
import { eventPath } from './get-event';
import { api } from '../../../../api/api';

/** PUT event/{id}/event-state with `{ eventState }` (spec 02 §7). */
export const setEventState = ({ id, eventState }: { id: string; eventState: EventState }) =>
  api.put(`${eventPath(id)}/event-state`, { eventState });

export function useSetEventState() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setEventState, onSuccess: () => invalidateEvents(queryClient) });
}
