import { api } from '../api/api';
import type { QueryValue } from '../api/api-client';

/** The file name of a `Content-Disposition` header (RFC 6266: `filename*` wins), else null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A damaged encoding: try the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;\s]+)/i.exec(header);
  if (!plain) return null;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1];
  return name?.trim() || null;
}

export class MissingFileNameError extends Error {
  constructor() {
    super('The download answer has no Content-Disposition file name.');
    this.name = 'MissingFileNameError';
  }
}

/**
 * Downloads a file from the API with its name from the content-disposition header; a missing
 * header is an error (spec 01 §7 "Export", spec 02 §8).
 */
export async function downloadFile(
  path: string,
  query?: Record<string, QueryValue>,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.request(path, query ? { query } : {});
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'));
  if (!fileName) throw new MissingFileNameError();
  return { blob: await response.blob(), fileName };
}

/** Hands a downloaded file to the browser's download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
