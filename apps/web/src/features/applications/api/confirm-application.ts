import type { ApplicationConfirmed } from '@bpw/domain/schemas/application';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** PUT application-public/{key}/confirm, from the page's button (never on opening the link). */
export function useConfirmApplication(key: string) {
  return useMutation({
    mutationFn: () => api.put<ApplicationConfirmed>(`/application-public/${encodeURIComponent(key)}/confirm`),
  });
}
