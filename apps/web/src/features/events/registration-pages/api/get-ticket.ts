import type { Ticket } from '@bpw/domain/schemas/event-check-in';
import { useMutation, useQuery } from '@tanstack/react-query';
import { registrationPublicKeys } from './registration-public-keys';
import { api } from '../../../../api/api';
import { downloadFile } from '../../../../lib/file-download';

const ticketPath = (keyOrId: string) => `/event-registration-public/${encodeURIComponent(keyOrId)}/ticket`;

/** GET event-registration-public/{keyOrId}/ticket: the QR code of a Confirmed registration (issue 19). */
export function useTicket(keyOrId: string, isConfirmed: boolean) {
  return useQuery({
    queryKey: [...registrationPublicKeys.detail(keyOrId), 'ticket'],
    queryFn: ({ signal }) => api.get<Ticket>(ticketPath(keyOrId), undefined, signal),
    enabled: isConfirmed,
    staleTime: Infinity,
  });
}

/** GET …/ticket.pdf, under the name the server gives. */
export function useDownloadTicket(keyOrId: string) {
  return useMutation({ mutationFn: () => downloadFile(`${ticketPath(keyOrId)}.pdf`) });
}
