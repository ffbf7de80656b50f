import type { EventImageSize } from '@bpw/domain/schemas/event';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventKeys, invalidateEvents } from './event-keys';
import { eventPath } from './get-event';
import { api } from '../../../../api/api';

/** POST event/{id}/event-image with the form field EventImage (png or jpeg, at least 300x300). */
export function uploadEventImage({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append('EventImage', file);
  return api.post(`${eventPath(id)}/event-image`, form);
}

/** DELETE event/{id}/event-image. */
export const deleteEventImage = (id: string) => api.delete(`${eventPath(id)}/event-image`);

export function useUploadEventImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadEventImage, onSuccess: () => invalidateEvents(queryClient) });
}

export function useDeleteEventImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEventImage, onSuccess: () => invalidateEvents(queryClient) });
}

/**
 * GET event/{id}/event-image through the API client (the bearer token goes along), cached for
 * good under the image id: a new upload has a new id, so a new key.
 */
export function useEventImage(id: string, imageId: string | null, size: EventImageSize) {
  return useQuery({
    queryKey: eventKeys.image(id, size, imageId),
    queryFn: ({ signal }) => api.blob(`${eventPath(id)}/event-image`, { size, cache: imageId }, signal),
    enabled: Boolean(imageId),
    staleTime: Infinity,
  });
}
