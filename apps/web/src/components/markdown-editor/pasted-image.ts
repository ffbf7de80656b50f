/**
 * Whether pasted or dropped data holds an image file (spec 02 §5: image upload is not supported,
 * images are linked by URL). Text, HTML and links pass.
 */
export function hasPastedImage(data: Pick<DataTransfer, 'items' | 'files'> | null | undefined): boolean {
  if (!data) return false;
  const files = Array.from(data.files ?? []);
  if (files.some((file) => file.type.startsWith('image/'))) return true;
  return Array.from(data.items ?? []).some((item) => item.kind === 'file' && item.type.startsWith('image/'));
}
