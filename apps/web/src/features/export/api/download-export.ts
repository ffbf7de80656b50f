import type { ExportQueryInput } from '@bpw/domain/schemas/export';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/file-download';

/** GET export with the export config as query (spec 01 §7): the file and its name. */
export const downloadExport = (query: ExportQueryInput) => downloadFile('/export', query);

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
