import type { Club, ClubBody } from '@bpw/domain/schemas/club';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clubKeys } from './get-clubs';
import { api } from '../../../api/api';

/** POST club (create) or PUT club/{id} (update), spec 01 §7. */
export function saveClub({ id, body }: { id: string | null; body: ClubBody }): Promise<Club | undefined> {
  return id ? api.put<Club | undefined>(`/club/${encodeURIComponent(id)}`, body) : api.post<Club>('/club', body);
}

export function useSaveClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClub,
    // Lists, details and the pickers' options all show the name.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clubKeys.all }),
  });
}
