import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../api/api';
import { fileNameOf, saveBlob } from '../../api/download-v-card';

/** GET person/me/data: everything stored about the signed-in person, saved as a JSON file. */
export async function downloadOwnData(): Promise<string> {
  const response = await api.request('/person/me/data');
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? 'my-data.json';
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export const useDownloadOwnData = () => useMutation({ mutationFn: downloadOwnData });
