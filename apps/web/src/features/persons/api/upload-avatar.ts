import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePerson, invalidatePersonLists, personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** POST person/{id}/avatar with the form field Avatar (png or jpeg, spec 01 §5). */
export function uploadAvatar({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append('Avatar', file);
  return api.post(`${personPath(id)}/avatar`, form);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The new avatar id changes the image URLs' cache key, so the images load anew.
    onSuccess: (_result, { id }) =>
      Promise.all([invalidatePerson(queryClient, id), invalidatePersonLists(queryClient)]),
  });
}
