import type { ImportMapping } from '@bpw/domain/import-fields';
import type { ImportPreview, ImportUpload } from '@bpw/domain/schemas/import';
import { importUploadField } from '@bpw/domain/schemas/import';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { downloadFile } from '../../../lib/file-download';

export const importKeys = { detail: (id: string) => ['imports', id] as const };

/** POST imports: the file (multipart field File); answers the upload with its proposed mapping. */
export function uploadImport(file: File) {
  const form = new FormData();
  form.append(importUploadField, file);
  return api.post<ImportUpload>('/imports', form);
}
export const useUploadImport = () => useMutation({ mutationFn: uploadImport });

/** GET imports/{id}: the upload, its mapping and, once run, its job. */
export const getImport = (id: string, signal?: AbortSignal) =>
  api.get<ImportUpload>(`/imports/${id}`, undefined, signal);
export const useImport = (id: string) =>
  useQuery({ queryKey: importKeys.detail(id), queryFn: ({ signal }) => getImport(id, signal) });

/** POST imports/{id}/preview: the first rows as they will be stored. Nothing is stored. */
export const previewImport = ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
  api.post<ImportPreview>(`/imports/${id}/preview`, { mapping });
export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/** POST imports/{id}/run: starts the job. */
export const runImport = ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
  api.post<{ jobId: string }>(`/imports/${id}/run`, { mapping });
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    onSuccess: (_result, { id }) => queryClient.invalidateQueries({ queryKey: importKeys.detail(id) }),
  });
}

/** GET imports/{id}/result: the original file with a result column. */
export const downloadImportResult = (id: string) => downloadFile(`/imports/${id}/result`);
export const useDownloadImportResult = () => useMutation({ mutationFn: downloadImportResult });
