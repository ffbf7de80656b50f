import type { ApplicationBody } from '@bpw/domain/schemas/application';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';

/** POST application-public(/{clubId}): always the same answer; the link comes by mail. */
export function useApplyForMembership(clubId: string | null) {
  return useMutation({
    mutationFn: (body: ApplicationBody) =>
      api.post(clubId ? `/application-public/${encodeURIComponent(clubId)}` : '/application-public', body),
  });
}
