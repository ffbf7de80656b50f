/** Spec 02 §5 "Event image": png, jpeg or jpg, at least 300 px wide and high. */
export const minImageSide = 300;
const imageTypes = ['image/png', 'image/jpeg'];

export const isAcceptedImageType = (file: File) => imageTypes.includes(file.type) || /\.(png|jpe?g)$/i.test(file.name);

export type ImageFileProblem = 'type' | 'tooSmall' | 'unreadable';

/** Checks a chosen file in the browser before it is sent; the server checks it again by content. */
export async function checkImageFile(file: File): Promise<ImageFileProblem | null> {
  if (!isAcceptedImageType(file)) return 'type';
  try {
    const bitmap = await createImageBitmap(file);
    const isLargeEnough = bitmap.width >= minImageSide && bitmap.height >= minImageSide;
    bitmap.close();
    return isLargeEnough ? null : 'tooSmall';
  } catch {
    return 'unreadable';
  }
}
