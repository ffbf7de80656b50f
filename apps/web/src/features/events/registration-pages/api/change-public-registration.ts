import type { UnregisterBody } from '@bpw/domain/schemas/event-registration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationPublicKeys } from './registration-public-keys';
import { api } from '../../../../api/api';
import { publicEventKeys } from '../../shared/api/public-event-keys';

const path = (keyOrId: string, action: 'confirm' | 'unregister') =>
  `/event-registration-public/${encodeURIComponent(keyOrId)}/${action}`;

/** After a change the registration, the event's slots and the caller's status are read again. */
function useInvalidate(keyOrId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: registrationPublicKeys.detail(keyOrId) }),
      queryClient.invalidateQueries({ queryKey: publicEventKeys.all }),
    ]);
}

/** PUT event-registration-public/{keyOrId}/confirm (no body). */
export function useConfirmRegistration(keyOrId: string) {
  const invalidate = useInvalidate(keyOrId);
  return useMutation({ mutationFn: () => api.put(path(keyOrId, 'confirm')), onSuccess: invalidate });
}

/** PUT event-registration-public/{keyOrId}/unregister with the optional remarks. */
export function useUnregister(keyOrId: string) {
  const invalidate = useInvalidate(keyOrId);
  return useMutation({
    mutationFn: (body: UnregisterBody) => api.put(path(keyOrId, 'unregister'), body),
    onSuccess: invalidate,
  });
}
