import { useMutation } from '@tanstack/react-query';
import { personPath } from './person-detail-keys';
import { api } from '../../../api/api';

/** The file name of a content-disposition header (RFC 6266: filename* first, then filename). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  return (plain?.[2] ?? plain?.[1])?.trim() || null;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET person/{id}/v-card: a file named by the content-disposition header (spec 01 §7). */
export async function downloadVCard(id: string): Promise<string> {
  const response = await api.request(`${personPath(id)}/v-card`);
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? 'contact.vcf';
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export const useDownloadVCard = () => useMutation({ mutationFn: downloadVCard });
