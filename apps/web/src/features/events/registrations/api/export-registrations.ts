import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../../lib/file-download';

/** GET event/{id}/export-event-registration (spec 02 §7): the xlsx and its name (§8). */
export const exportRegistrations = (eventId: string) =>
  downloadFile(`/event/${encodeURIComponent(eventId)}/export-event-registration`);

export const useExportRegistrations = () => useMutation({ mutationFn: exportRegistrations });
